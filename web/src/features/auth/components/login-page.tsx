import { Link, useLocation, useNavigate } from 'react-router';

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
import { returnPath, useSessionEndStore, type SessionEnd } from '@/stores/session-end-store';

export function LoginPage() {
  // The product contract asks for the product name followed by "Login".
  useDocumentTitle(`${APP_NAME} - Login`);
  const navigate = useNavigate();
  const location = useLocation();
  const ended = useSessionEndStore((state) => state.ended);

  const { serverError, submitting, field, onSubmit } = useForm<LoginValues>({
    initial: { email: '', password: '' },
    validate: validateLogin,
    fallback: 'Failed to login',
    submit: async (values) => {
      const user = await startSession(await login({ email: values.email.trim(), password: values.password }));
      const back = pageToReturnTo(ended, location.state, user?.id);
      useSessionEndStore.getState().clear();
      // The route guards still apply: a page the user may not open sends them home.
      void navigate(back ?? homePathFor(user?.role), { replace: true });
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
        {ended && <SessionEndedNotice ended={ended} />}
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

/** Why the login screen is showing: the session ended, and what the server said of it. */
function SessionEndedNotice({ ended }: { ended: SessionEnd }) {
  return (
    <Alert variant="info" title="Your session has ended.">
      {ended.reason ?? 'Please log in again.'}
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
