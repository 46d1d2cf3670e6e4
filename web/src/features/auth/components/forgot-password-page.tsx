import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { forgotPassword } from '../api/forgot-password';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, TextField } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useForm } from '@/hooks/use-form';
import { GuestRoute } from '@/lib/authorization';
import { validateEmail } from '@/lib/validation';

/** /forgot-password: asks for a reset link. It says the same whether or not an account has the address. */
export function ForgotPasswordPage() {
  return (
    <GuestRoute>
      <ForgotPasswordForm />
    </GuestRoute>
  );
}

function ForgotPasswordForm() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(pageTitle(t('forgot.title')));
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { serverError, submitting, field, onSubmit } = useForm<{ email: string }>({
    initial: { email: '' },
    validate: (values) => ({ email: validateEmail(values.email) }),
    fallback: t('errors:fallback.forgotPassword'),
    submit: async (values) => {
      await forgotPassword({ email: values.email.trim() });
      setSentTo(values.email.trim());
    },
  });

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<Trans t={t} i18nKey="forgot.backToLogin" components={{ login: <Link to={paths.auth.login.getHref()} /> }} />}
    >
      {sentTo ? (
        <Alert variant="success" title={t('forgot.sentTitle')}>
          {t('forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label={t('forgot.title')}>
          {serverError && <Alert>{serverError}</Alert>}
          <TextField label={t('forgot.email')} type="email" autoComplete="email" autoFocus {...field('email')} />
          <Button type="submit" block isLoading={submitting}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
