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
  useDocumentTitle(pageTitle('Create Account'));
  const navigate = useNavigate();

  const { serverError, submitting, field, onSubmit } = useForm<RegisterValues>({
    initial: EMPTY,
    validate: validateRegister,
    fallback: 'Failed to register',
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
      title="Create Account"
      subtitle="Set up your family and start tracking chores together."
      footer={
        <>
          Already have an account? <Link to={paths.auth.login.getHref()}>Log in</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Create Account">
        {serverError && <Alert>{serverError}</Alert>}
        <TextField
          label="Family Name"
          placeholder="The Smiths"
          autoComplete="organization"
          autoFocus
          {...field('organizationName')}
        />
        <div className="form__row">
          <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...field('password')}
        />
        <Button type="submit" block isLoading={submitting}>
          Create Account
        </Button>
      </form>
    </AuthLayout>
  );
}
