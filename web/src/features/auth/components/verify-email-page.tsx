import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { verifyEmail } from '../api/verify-email';
import { loadCurrentUser } from '../utils/load-current-user';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Spinner } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

type State = { kind: 'checking' } | { kind: 'verified'; email: string } | { kind: 'failed'; message: string };

/** /verify-email/:token, the mailed link: verifies the address at once (no sign-in needed). */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(pageTitle(t('verify.title')));
  const [state, setState] = useState<State>({ kind: 'checking' });
  const signedIn = useSessionStore((s) => s.token !== null);
  // A link is used up by its first visit: never send it twice (StrictMode runs effects twice).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verifyEmail(token)
      .then((answer) => {
        // A read of the account begun before the verification committed may
        // still answer "unverified": marking the kept user here makes the app
        // drop that answer (see loadCurrentUser). Signed in without the user
        // kept yet, the account is read again, now that it is verified.
        const { token: signedInWith, user, setUser } = useSessionStore.getState();
        if (user && user.email.toLowerCase() === answer.email.toLowerCase()) setUser({ ...user, emailVerified: true });
        else if (signedInWith && !user) void loadCurrentUser();
        setState({ kind: 'verified', email: answer.email });
      })
      .catch((error: unknown) => {
        setState({ kind: 'failed', message: getErrorMessage(error, t('errors:fallback.verifyEmail')) });
      });
  }, [token, t]);

  const next = signedIn ? paths.home.getHref() : paths.auth.login.getHref();
  return (
    <AuthLayout title={t('verify.title')}>
      {state.kind === 'checking' && <Spinner label={t('verify.checking')} />}
      {state.kind === 'verified' && (
        <Alert variant="success" title={t('verify.doneTitle')}>
          {t('verify.done', { email: state.email })}
        </Alert>
      )}
      {state.kind === 'failed' && <Alert title={t('verify.failedTitle')}>{state.message}</Alert>}
      {state.kind !== 'checking' && (
        <p>
          <Link to={next}>{signedIn ? t('verify.continue') : t('verify.goToLogin')}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
