import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isMfaChallenge, login } from '../api/login';
import { startSession } from '../utils/start-session';
import { validateLogin, type LoginValues } from '../utils/validation';
import { LoginCodeStep } from './login-code-step';
import { logoutOnServer } from '@/api/logout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/hooks/use-form';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';
import type { AuthResponse, User } from '@/types/api';

export interface ParentSignInFormProps {
  /** A parent's session has started on this browser; the caller opens their app. */
  onSignedIn: (user: User) => void;
}

/**
 * A parent signs in on a shared device (the family board's parent corner):
 * email and password, then a code for two-factor sign-in, as on the login
 * screen, without leaving the page. Only a parent's account may: a child's
 * session the login opened ends at once, and the form says why.
 */
export function ParentSignInForm({ onSignedIn }: ParentSignInFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  /** Keeps a parent's session; a child's ends at once (it was never kept, when the answer names its user). */
  const signedIn = async (answer: AuthResponse) => {
    if (answer.user && !isParentRole(answer.user.role)) {
      logoutOnServer(answer.token);
      toPassword(t('auth:parentSignIn.parentsOnly'));
      return;
    }
    const user = await startSession(answer);
    if (!user || !isParentRole(user.role)) {
      logoutOnServer();
      useSessionStore.getState().clearSession();
      toPassword(t('auth:parentSignIn.parentsOnly'));
      return;
    }
    onSignedIn(user);
  };

  const { values, setValues, serverError, submitting, field, onSubmit } = useForm<LoginValues>({
    initial: { email: '', password: '' },
    validate: validateLogin,
    fallback: t('errors:fallback.login'),
    submit: async (values) => {
      setRefused(null);
      const answer = await login({ email: values.email.trim(), password: values.password });
      if (isMfaChallenge(answer)) {
        setMfaToken(answer.mfaToken);
        return;
      }
      await signedIn(answer);
    },
  });

  /** Back to the password (Back, or the second step's token expired), the email kept. */
  const toPassword = (reason: string | null) => {
    setMfaToken(null);
    setRefused(reason);
    setValues({ email: values.email, password: '' });
  };

  if (mfaToken) {
    return <LoginCodeStep mfaToken={mfaToken} onSignedIn={signedIn} onExpired={toPassword} onBack={() => toPassword(null)} />;
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('auth:parentSignIn.formLabel')}>
      {refused && <Alert>{refused}</Alert>}
      {serverError && <Alert>{serverError}</Alert>}
      <TextField label={t('auth:login.email')} type="email" autoComplete="email" {...field('email')} autoFocus />
      <TextField label={t('auth:login.password')} type="password" autoComplete="current-password" {...field('password')} />
      <Button type="submit" block isLoading={submitting}>
        {t('auth:login.submit')}
      </Button>
    </form>
  );
}
