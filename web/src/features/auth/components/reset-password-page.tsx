import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { isMfaChallenge } from '../api/login';
import { resetPassword } from '../api/reset-password';
import { startSession } from '../utils/start-session';
import { LoginCodeStep } from './login-code-step';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, TextField } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useForm } from '@/hooks/use-form';
import { i18n } from '@/lib/i18n';
import { homePathFor } from '@/lib/roles';
import { MIN_PASSWORD_LENGTH } from '@/lib/validation';
import type { AuthResponse } from '@/types/api';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

function validateReset(values: ResetValues) {
  let password: string | undefined;
  if (!values.password) password = i18n.t('validation:passwordRequired');
  else if (values.password.length < MIN_PASSWORD_LENGTH)
    password = i18n.t('validation:passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  return {
    password,
    confirmPassword:
      values.confirmPassword === values.password ? undefined : i18n.t('validation:passwordsDoNotMatch'),
  };
}

/**
 * /reset-password/:token, the mailed link: a new password, then signed in
 * with it; with two-factor sign-in on, after a code, as a login asks.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['auth', 'errors', 'mfa']);
  useDocumentTitle(pageTitle(t('reset.title')));
  const navigate = useNavigate();
  /** The token of the second step, once the new password is saved. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  const signedIn = async (answer: AuthResponse) => {
    const user = await startSession(answer);
    void navigate(homePathFor(user?.role), { replace: true });
  };

  const { serverError, submitting, field, onSubmit } = useForm<ResetValues>({
    initial: { password: '', confirmPassword: '' },
    validate: validateReset,
    fallback: t('errors:fallback.resetPassword'),
    submit: async (values) => {
      const answer = await resetPassword({ token, password: values.password });
      if (isMfaChallenge(answer)) {
        setMfaToken(answer.mfaToken);
        return;
      }
      await signedIn(answer);
    },
  });

  if (mfaToken) {
    // The password is saved: going back means signing in with it.
    const toLogin = () => void navigate(paths.auth.login.getHref(), { replace: true });
    return (
      <AuthLayout title={t('mfa:login.title')} subtitle={t('reset.codeStep')}>
        <LoginCodeStep mfaToken={mfaToken} onSignedIn={signedIn} onExpired={toLogin} onBack={toLogin} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <Trans t={t} i18nKey="reset.newLink" components={{ forgot: <Link to={paths.auth.forgotPassword.getHref()} /> }} />
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
        {serverError && <Alert>{serverError}</Alert>}
        <TextField
          label={t('reset.password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={t('reset.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          {...field('password')}
        />
        <TextField
          label={t('reset.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" block isLoading={submitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
