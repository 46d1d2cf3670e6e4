import { Trans, useTranslation } from 'react-i18next';
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
import { MIN_PASSWORD_LENGTH } from '@/lib/validation';
import { useSessionStore } from '@/stores/session-store';
import { formatDate } from '@/utils/format';

/** /invite/:code and /accept-invite/:code: look the code up, then set a password. */
export function InvitationPage() {
  const { code = '' } = useParams<{ code: string }>();
  const invitation = useInvitation(code);
  const { t } = useTranslation('errors');

  if (invitation.isPending) return <InvitationLoading />;
  if (invitation.isError) {
    return <InvalidInvitation message={getErrorMessage(invitation.error, t('fallback.invitation'))} />;
  }
  // A form of its own per code: nothing typed for one invitation stays for another.
  return <AcceptInvitationForm key={code} code={code} invitation={invitation.data} />;
}

function InvitationLoading() {
  const { t } = useTranslation('auth');
  useDocumentTitle(pageTitle(t('invitation.documentTitle')));
  return (
    <AuthLayout title={t('invitation.checking')}>
      <Spinner label={t('invitation.checking')} />
    </AuthLayout>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(pageTitle(t('invitation.invalidTitle')));
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('invitation.invalidTitle')}>
      <Alert>{message}</Alert>
      <p className="muted">{t('invitation.askAgain')}</p>
      <Button block onClick={() => void navigate(paths.auth.login.getHref())}>
        {t('invitation.goToLogin')}
      </Button>
    </AuthLayout>
  );
}

function AcceptInvitationForm({ code, invitation }: { code: string; invitation: Invitation }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  useDocumentTitle(pageTitle(t('invitation.acceptTitle')));
  const navigate = useNavigate();
  const setToken = useSessionStore((state) => state.setToken);

  const asks = { email: !invitation.email?.trim(), name: !invitation.displayName?.trim() };
  const { serverError, submitting, field, onSubmit } = useForm<AcceptInviteValues>({
    initial: { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
    validate: (values) => validateAcceptInvite(values, asks),
    fallback: t('errors:fallback.acceptInvitation'),
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
      title={t('invitation.title', { app: APP_NAME })}
      subtitle={
        <Trans
          t={t}
          i18nKey="invitation.invitedBy"
          values={{ organization: invitation.organizationName, app: APP_NAME }}
          components={{ org: <strong className="invite-org" /> }}
        />
      }
    >
      <div className="privacy-notice" role="note">
        <LockIcon />
        <p>{t('invitation.privacy')}</p>
      </div>
      <dl className="details-list">
        <div>
          <dt>{t('invitation.name')}</dt>
          <dd>{invitation.displayName?.trim() || t('common:none')}</dd>
        </div>
        <div>
          <dt>{t('invitation.email')}</dt>
          <dd>{invitation.email?.trim() || t('common:none')}</dd>
        </div>
        <div>
          <dt>{t('invitation.expires')}</dt>
          <dd>{formatDate(invitation.expiresAt)}</dd>
        </div>
      </dl>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('invitation.formLabel')}>
        {serverError && <Alert>{serverError}</Alert>}
        {asks.email && (
          <TextField label={t('invitation.email')} type="email" autoComplete="email" {...field('email')} autoFocus />
        )}
        {asks.name && (
          <>
            <TextField
              label={t('invitation.firstName')}
              autoComplete="given-name"
              {...field('firstName')}
              autoFocus={!asks.email}
            />
            <TextField label={t('invitation.lastName')} autoComplete="family-name" {...field('lastName')} />
          </>
        )}
        <TextField
          label={t('invitation.password')}
          type="password"
          autoComplete="new-password"
          hint={t('invitation.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          {...field('password')}
          autoFocus={!asks.email && !asks.name}
        />
        <TextField
          label={t('invitation.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" block isLoading={submitting}>
          {t('invitation.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
