import { useNavigate, useParams } from 'react-router';

import { acceptInvite } from '../api/accept-invite';
import { useInvitation, type Invitation } from '../api/get-invitation';
import { loadCurrentUser } from '../utils/load-current-user';
import { validateAcceptInvite, type AcceptInviteValues } from '../utils/validation';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, Spinner, TextField } from '@/components/ui';
import { LockIcon } from '@/components/ui/icons';
import { APP_NAME } from '@/config/env';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useForm } from '@/hooks/use-form';
import { getErrorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { formatDate } from '@/utils/format';

/** /invite/:code and /accept-invite/:code: look the code up, then set a password. */
export function InvitationPage() {
  const { code = '' } = useParams<{ code: string }>();
  const invitation = useInvitation(code);

  if (invitation.isPending) return <InvitationLoading />;
  if (invitation.isError) {
    return <InvalidInvitation message={getErrorMessage(invitation.error, 'Invalid or expired invitation')} />;
  }
  // A form of its own per code: nothing typed for one invitation stays for another.
  return <AcceptInvitationForm key={code} code={code} invitation={invitation.data} />;
}

function InvitationLoading() {
  useDocumentTitle(pageTitle('Invitation'));
  return (
    <AuthLayout title="Checking your invitation…">
      <Spinner label="Checking your invitation…" />
    </AuthLayout>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  useDocumentTitle(pageTitle('Invalid Invitation'));
  const navigate = useNavigate();
  return (
    <AuthLayout title="Invalid Invitation">
      <Alert>{message}</Alert>
      <p className="muted">Ask the person who invited you to send a new invitation.</p>
      <Button block onClick={() => void navigate(paths.auth.login.getHref())}>
        Go to Login
      </Button>
    </AuthLayout>
  );
}

function AcceptInvitationForm({ code, invitation }: { code: string; invitation: Invitation }) {
  useDocumentTitle(pageTitle('Accept Invitation'));
  const navigate = useNavigate();
  const setToken = useSessionStore((state) => state.setToken);

  const asks = { email: !invitation.email?.trim(), name: !invitation.displayName?.trim() };
  const { serverError, submitting, field, onSubmit } = useForm<AcceptInviteValues>({
    initial: { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
    validate: (values) => validateAcceptInvite(values, asks),
    fallback: 'Failed to accept invitation',
    // Only the fields shown: the invitation names the email and name when it has them.
    serverFields: {
      password: 'password',
      ...(asks.email ? { email: 'email' } : {}),
      ...(asks.name ? { firstName: 'firstName', lastName: 'lastName' } : {}),
    },
    submit: async (values) => {
      const { token } = await acceptInvite({
        inviteCode: code,
        password: values.password,
        ...(asks.email ? { email: values.email.trim() } : {}),
        ...(asks.name ? { firstName: values.firstName.trim(), lastName: values.lastName.trim() } : {}),
      });
      // Only the token is kept; the user comes from GET /users/me.
      setToken(token);
      await loadCurrentUser();
      void navigate(paths.home.getHref(), { replace: true });
    },
  });

  return (
    <AuthLayout
      title={`You're invited to join ${APP_NAME}!`}
      subtitle={
        <>
          <strong className="invite-org">{invitation.organizationName}</strong> invited you to
          their family on {APP_NAME}.
        </>
      }
    >
      <div className="privacy-notice" role="note">
        <LockIcon />
        <p>Your account is private. Only your family can see it.</p>
      </div>
      <dl className="details-list">
        <div>
          <dt>Name</dt>
          <dd>{invitation.displayName?.trim() || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{invitation.email?.trim() || '—'}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{formatDate(invitation.expiresAt)}</dd>
        </div>
      </dl>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Accept invitation">
        {serverError && <Alert>{serverError}</Alert>}
        {asks.email && (
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...field('email')}
            autoFocus
          />
        )}
        {asks.name && (
          <>
            <TextField
              label="First Name"
              autoComplete="given-name"
              {...field('firstName')}
              autoFocus={!asks.email}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              {...field('lastName')}
            />
          </>
        )}
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...field('password')}
          autoFocus={!asks.email && !asks.name}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" block isLoading={submitting}>
          Accept Invitation
        </Button>
      </form>
    </AuthLayout>
  );
}
