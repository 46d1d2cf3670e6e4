import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';

import { register } from '../api/register';
import { startSession } from '../utils/start-session';
import { browserTimeZone } from '../utils/time-zone';
import { validateRegister, type RegisterValues } from '../utils/validation';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, TextField } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useForm } from '@/hooks/use-form';
import { GuestRoute } from '@/lib/authorization';
import { MIN_PASSWORD_LENGTH } from '@/lib/validation';

const EMPTY: RegisterValues = {
  organizationName: '',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
};

/**
 * /register. A child's invite link (/register?invite=CODE) goes on to the
 * invitation screen, even for someone signed in; otherwise signed-in users
 * are sent home.
 */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const inviteCode = searchParams.get('invite')?.trim();
  if (inviteCode) {
    return <Navigate to={paths.auth.invite.getHref(inviteCode)} replace />;
  }
  return (
    <GuestRoute>
      <RegisterForm />
    </GuestRoute>
  );
}

function RegisterForm() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(pageTitle(t('register.title')));
  const navigate = useNavigate();

  const { serverError, submitting, field, onSubmit } = useForm<RegisterValues>({
    initial: EMPTY,
    validate: validateRegister,
    fallback: t('errors:fallback.register'),
    submit: async (values) => {
      const answer = await register({
        organizationName: values.organizationName.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        timeZone: browserTimeZone(),
      });
      await startSession(answer);
      void navigate(paths.home.getHref(), { replace: true });
    },
  });

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={<Trans t={t} i18nKey="register.haveAccount" components={{ login: <Link to={paths.auth.login.getHref()} /> }} />}
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('register.title')}>
        {serverError && <Alert>{serverError}</Alert>}
        <TextField
          label={t('register.familyName')}
          placeholder={t('register.familyNamePlaceholder')}
          autoComplete="organization"
          autoFocus
          {...field('organizationName')}
        />
        <div className="form__row">
          <TextField label={t('register.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('register.lastName')} autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label={t('register.email')} type="email" autoComplete="email" {...field('email')} />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          hint={t('register.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          {...field('password')}
        />
        <Button type="submit" block isLoading={submitting}>
          {t('register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
