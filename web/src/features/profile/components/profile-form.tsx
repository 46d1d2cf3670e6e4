import { useUpdateProfile } from '../api/update-profile';
import { validateProfile, type ProfileFormValues } from '../utils/validation';
import { Alert, Card, FormActions, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { useSessionStore } from '@/stores/session-store';
import type { User } from '@/types/api';

function valuesOf(user: User): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
  };
}

export function ProfileForm({ user }: { user: User }) {
  const setUser = useSessionStore((state) => state.setUser);
  const { mutateAsync: save } = useUpdateProfile();
  const { setValues, serverError, saved, submitting, field, onSubmit } = useForm<ProfileFormValues>({
    initial: () => valuesOf(user),
    validate: validateProfile,
    fallback: 'Failed to update profile',
    submit: async (values) => {
      const updated = await save({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
      });
      setUser(updated);
      setValues(valuesOf(updated));
    },
  });

  return (
    <Card title="Personal Information">
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Personal information">
        {serverError && <Alert>{serverError}</Alert>}
        {saved && <Alert variant="success">Profile updated successfully</Alert>}
        <div className="form__row">
          <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <FormActions submitLabel="Save Changes" submitting={submitting} />
      </form>
    </Card>
  );
}
