import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { isMfaChallenge, login } from '../api/login';
import { startSession } from '../utils/start-session';
import { validateLogin, type LoginValues } from '../utils/validation';
import { LoginCodeStep } from './login-code-step';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TaggedText } from '@/components/ui/tagged-text';
import { TextField } from '@/components/ui/text-field';
import { APP_NAME } from '@/config/env';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useForm } from '@/hooks/use-form';
import { homePathFor } from '@/lib/roles';
import { returnPath, useSessionEndStore, type SessionEnd } from '@/stores/session-end-store';
import type { AuthResponse } from '@/types/api';

/**
 * /login: email and password, then, for a user with two-factor sign-in on,
 * a code in the same card. The code step going back (Back, or its token
 * expired) keeps the email and asks for the password again.
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'mfa']);
  // The product contract asks for the product name followed by "Login".
  useDocumentTitle(t('login.documentTitle', { app: APP_NAME }));
  const navigate = useNavigate();
  const location = useLocation();
  const ended = useSessionEndStore((state) => state.ended);
  /** The token of the second step, while it is asked for. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  /** Why the password is asked again (the second step took too long). */
  const [passwordAgain, setPasswordAgain] = useState<string | null>(null);

  const signedIn = async (answer: AuthResponse) => {
    const user = await startSession(answer);
    const back = pageToReturnTo(ended, location.state, user?.id);
    useSessionEndStore.getState().clear();
    // The route guards still apply: a page the user may not open sends them home.
    void navigate(back ?? homePathFor(user?.role), { replace: true });
  };

  const { values, setValues, serverError, submitting, field, onSubmit } = useForm<LoginValues>({
    initial: { email: '', password: '' },
    validate: validateLogin,
    fallback: t('errors:fallback.login'),
    submit: async (values) => {
      setPasswordAgain(null);
      const answer = await login({ email: values.email.trim(), password: values.password });
      if (isMfaChallenge(answer)) {
        setMfaToken(answer.mfaToken);
        return;
      }
      await signedIn(answer);
    },
  });

  /** Back to the password, the email kept. */
  const toPassword = (reason: string | null) => {
    setMfaToken(null);
    setPasswordAgain(reason);
    setValues({ email: values.email, password: '' });
  };

  if (mfaToken) {
    return (
      <AuthLayout title={t('mfa:login.title')} subtitle={t('mfa:login.subtitle')}>
        <LoginCodeStep
          mfaToken={mfaToken}
          onSignedIn={signedIn}
          onExpired={toPassword}
          onBack={() => toPassword(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('login.title', { app: APP_NAME })}
      subtitle={t('login.subtitle')}
      footer={<TaggedText text={t('login.noAccount')} components={{ register: <Link to={paths.auth.register.getHref()} /> }} />}
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
        {ended && <SessionEndedNotice ended={ended} />}
        {passwordAgain && <Alert variant="info">{passwordAgain}</Alert>}
        {serverError && <Alert>{serverError}</Alert>}
        {/* Back from the code step, the email is there: the password is typed next. */}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          {...field('email')}
          autoFocus={!values.email}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          {...field('password')}
          autoFocus={Boolean(values.email)}
        />
        <p className="form__aside">
          <Link to={paths.auth.forgotPassword.getHref()}>{t('login.forgot')}</Link>
        </p>
        <Button type="submit" block isLoading={submitting}>
          {t('login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** Why the login screen is showing: the session ended, and what the server said of it. */
function SessionEndedNotice({ ended }: { ended: SessionEnd }) {
  const { t } = useTranslation('auth');
  return (
    <Alert variant="info" title={t('login.sessionEnded')}>
      {ended.reason ?? t('login.loginAgain')}
    </Alert>
  );
}

/**
 * Where to go after logging in: the page a session ended on, for the same
 * user, or the page a signed-out visitor asked for; null for home.
 */
function pageToReturnTo(ended: SessionEnd | null, state: unknown, userId: string | undefined): string | null {
  if (ended) return ended.userId === null || ended.userId === userId ? returnPath(ended.returnTo) : null;
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return returnPath(from);
}
