import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { resetPassword } from '../api/reset-password';
import { startSession } from '../utils/start-session';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, TextField } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useForm } from '@/hooks/use-form';
import { i18n } from '@/lib/i18n';
import { homePathFor } from '@/lib/roles';
import { MIN_PASSWORD_LENGTH } from '@/lib/validation';

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

/** /reset-password/:token, the mailed link: a new password, then signed in with it. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(pageTitle(t('reset.title')));
  const navigate = useNavigate();

  const { serverError, submitting, field, onSubmit } = useForm<ResetValues>({
    initial: { password: '', confirmPassword: '' },
    validate: validateReset,
    fallback: t('errors:fallback.resetPassword'),
    submit: async (values) => {
      const user = await startSession(await resetPassword({ token, password: values.password }));
      void navigate(homePathFor(user?.role), { replace: true });
    },
  });

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
