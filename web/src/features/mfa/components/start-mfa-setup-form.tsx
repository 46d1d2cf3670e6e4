import { useTranslation } from 'react-i18next';

import { useStartMfaSetup } from '../api/start-mfa-setup';
import { Alert, CurrentPasswordField, FormActions } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { validateCurrentPassword } from '@/lib/validation';
import type { MfaSetup } from '@/types/api';

interface PasswordValues {
  currentPassword: string;
}

export interface StartMfaSetupFormProps {
  /** The signed-in user's email, for password managers. */
  username: string;
  submitLabel: string;
  /** Focus goes to the password field at once (in a dialog). */
  autoFocus?: boolean;
  /** The server answered the secret for the authenticator app. */
  onStarted: (setup: MfaSetup) => void;
}

/**
 * The first step of setting up two-factor sign-in: the current password,
 * which the server asks for before it gives a secret. A wrong one shows
 * beside the field; a refusal of the setup (already on, too many tries)
 * above it.
 */
export function StartMfaSetupForm({ username, submitLabel, autoFocus = false, onStarted }: StartMfaSetupFormProps) {
  const { t } = useTranslation('mfa');
  const { mutateAsync: start } = useStartMfaSetup();
  const { serverError, submitting, field, onSubmit } = useForm<PasswordValues>({
    initial: { currentPassword: '' },
    validate: (values) => ({ currentPassword: validateCurrentPassword(values.currentPassword) }),
    fallback: t('fallback.start'),
    submit: async (values) => onStarted(await start({ currentPassword: values.currentPassword })),
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('setup.passwordFormLabel')}>
      <p className="muted">{t('setup.passwordText')}</p>
      {serverError && <Alert>{serverError}</Alert>}
      <CurrentPasswordField username={username} autoFocus={autoFocus} {...field('currentPassword')} />
      <FormActions submitLabel={submitLabel} submitting={submitting} />
    </form>
  );
}
