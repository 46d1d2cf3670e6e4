import { Link, useNavigate } from 'react-router';

import { login } from '../api/login';
import { startSession } from '../utils/start-session';
import { validateLogin, type LoginValues } from '../utils/validation';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, TextField } from '@/components/ui';
import { APP_NAME } from '@/config/env';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useForm } from '@/hooks/use-form';
import { homePathFor } from '@/lib/roles';

export function LoginPage() {
  // The product contract asks for the product name followed by "Login".
  useDocumentTitle(`${APP_NAME} - Login`);
  const navigate = useNavigate();

  const { serverError, submitting, field, onSubmit } = useForm<LoginValues>({
    initial: { email: '', password: '' },
    validate: validateLogin,
    fallback: 'Failed to login',
    submit: async (values) => {
      const user = await startSession(await login({ email: values.email.trim(), password: values.password }));
      void navigate(homePathFor(user?.role), { replace: true });
    },
  });

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to keep track of chores and rewards."
      footer={
        <>
          Don&apos;t have an account? <Link to={paths.auth.register.getHref()}>Create one</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Login">
        {serverError && <Alert>{serverError}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...field('email')}
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <Button type="submit" block isLoading={submitting}>
          Login
        </Button>
      </form>
    </AuthLayout>
  );
}
