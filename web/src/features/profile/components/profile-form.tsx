import { useState, type FormEvent } from 'react';

import { updateProfile, type UpdateProfileInput } from '../api/update-profile';
import { validateProfile } from '../utils/validation';
import { Alert, Button, Card, TextField } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { hasErrors, type FieldErrors } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';
import type { User } from '@/types/api';

function valuesOf(user: User): UpdateProfileInput {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
  };
}

export function ProfileForm({ user }: { user: User }) {
  const setUser = useSessionStore((state) => state.setUser);
  const [values, setValues] = useState<UpdateProfileInput>(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors<keyof UpdateProfileInput>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof UpdateProfileInput) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
      setSaved(false);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    setSaved(false);
    const found = validateProfile(values);
    setErrors(found);
    if (hasErrors(found)) return;

    setSubmitting(true);
    try {
      const updated = await updateProfile({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
      });
      setUser(updated);
      setValues(valuesOf(updated));
      setSaved(true);
    } catch (error) {
      setServerError(getErrorMessage(error, 'Failed to update profile'));
    } finally {
      setSubmitting(false);
    }
  };

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
        <div className="form__actions">
          <Button type="submit" isLoading={submitting}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
