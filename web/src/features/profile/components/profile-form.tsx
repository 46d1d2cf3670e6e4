import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const setUser = useSessionStore((state) => state.setUser);
  const { mutateAsync: save } = useUpdateProfile();
  const { setValues, serverError, saved, submitting, field, onSubmit } = useForm<ProfileFormValues>({
    initial: () => valuesOf(user),
    validate: (values) => validateProfile(values, { addressless: Boolean(user.childId) && !user.email }),
    fallback: t('errors:fallback.updateProfile'),
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
    <Card title={t('personal.title')}>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('personal.formLabel')}>
        {serverError && <Alert>{serverError}</Alert>}
        {saved && <Alert variant="success">{t('personal.saved')}</Alert>}
        <div className="form__row">
          <TextField label={t('personal.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('personal.lastName')} autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField
          label={t('personal.email')}
          type="email"
          autoComplete="email"
          hint={user.pendingEmail ? t('personal.pendingEmail', { email: user.pendingEmail }) : undefined}
          {...field('email')}
        />
        <TextField label={t('personal.phone')} type="tel" autoComplete="tel" {...field('phone')} />
        <FormActions submitLabel={t('common:actions.saveChanges')} submitting={submitting} />
      </form>
    </Card>
  );
}
