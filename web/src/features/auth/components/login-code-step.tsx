import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { loginMfa } from '../api/login-mfa';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OneTimeCodeField } from '@/components/ui/one-time-code-field';
import { useForm } from '@/hooks/use-form';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { oneTimeCodeOf, validateOneTimeCode } from '@/lib/one-time-code';
import type { AuthResponse } from '@/types/api';

interface CodeValues {
  code: string;
}

export interface LoginCodeStepProps {
  /** The token the login answered, sent back with the code. */
  mfaToken: string;
  /** The session the code started. */
  onSignedIn: (answer: AuthResponse) => Promise<void>;
  /** The login's token expired (it lives 5 minutes): the password is asked again, for the reason given. */
  onExpired: (reason: string) => void;
  onBack: () => void;
}

/**
 * The second step of a login with two-factor sign-in: the code of the
 * authenticator app, or a recovery code. A wrong code shows beside the field.
 */
export function LoginCodeStep({ mfaToken, onSignedIn, onExpired, onBack }: LoginCodeStepProps) {
  const { t } = useTranslation(['mfa', 'errors']);
  const [recovery, setRecovery] = useState(false);
  const { serverError, submitting, field, onSubmit } = useForm<CodeValues>({
    initial: { code: '' },
    validate: (values) => ({ code: validateOneTimeCode(values.code) }),
    fallback: t('errors:fallback.login'),
    submit: async (values) => {
      let answer: AuthResponse;
      try {
        answer = await loginMfa({ mfaToken, code: oneTimeCodeOf(values.code) });
      } catch (error) {
        if (!isApiError(error, 401)) throw error;
        onExpired(getErrorMessage(error, t('mfa:server.signInExpired')));
        return;
      }
      await onSignedIn(answer);
    },
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
      {serverError && <Alert>{serverError}</Alert>}
      <OneTimeCodeField recovery={recovery} onRecoveryChange={setRecovery} {...field('code')} autoFocus />
      <Button type="submit" block isLoading={submitting}>
        {t('login.submit')}
      </Button>
      <Button variant="secondary" block onClick={onBack} disabled={submitting}>
        {t('login.back')}
      </Button>
    </form>
  );
}
