import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { claimDeviceLink } from '../api/claim-device-link';
import { thisDeviceName } from '../utils/device-name';
import { startSession } from '../utils/start-session';
import { logoutOnServer } from '@/api/logout';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, Spinner } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { errorCodeOf, getErrorMessage } from '@/lib/api-client';
import { homePathFor, isParentRole } from '@/lib/roles';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';
import { fullName } from '@/utils/format';

/** The sign-in code a link carries in its fragment (`/link#CODE`); null when there is none. */
export function codeFromHash(hash: string): string | null {
  const raw = hash.replace(/^#/, '').trim();
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

type LinkState =
  /** A parent is signed in on this browser: asked before the code replaces their session. */
  | { kind: 'confirm'; name: string }
  | { kind: 'claiming' }
  /** No code, or one used or expired. */
  | { kind: 'invalid' }
  /** No answer or a server failure: the code may still work. */
  | { kind: 'failed'; message: string };

/**
 * /link#CODE: the page a child's device opens from the QR code a parent
 * showed. It claims the code for this device, keeps the device token (the
 * device signs in with it from then on) and the session, and goes to the
 * child's home. The code leaves the address bar at once.
 */
export function DeviceLinkPage() {
  const { t } = useTranslation(['auth', 'codes', 'common']);
  useDocumentTitle(pageTitle(t('deviceLink.documentTitle')));
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the fragment is cleared below.
  const [code] = useState(() => codeFromHash(location.hash));
  const [state, setState] = useState<LinkState>(() => {
    if (!code) return { kind: 'invalid' };
    const { user } = useSessionStore.getState();
    return user && isParentRole(user.role) ? { kind: 'confirm', name: fullName(user) || user.email } : { kind: 'claiming' };
  });

  // Out of the address bar and the history (and so out of a bookmark or a shared screenshot).
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location, navigate]);

  // A code works once: sent once on its own (StrictMode runs effects twice), again only when asked.
  const sent = useRef(false);
  const claim = useCallback(async () => {
    if (!code) return;
    sent.current = true;
    setState({ kind: 'claiming' });
    try {
      const answer = await claimDeviceLink({ code, deviceName: thisDeviceName() });
      // A session that was open here (a parent's) ends on the server too.
      logoutOnServer();
      useDeviceLinkStore.getState().remember(answer.deviceToken);
      useSessionEndStore.getState().clear();
      const user = await startSession(answer);
      void navigate(homePathFor(user?.role), { replace: true });
    } catch (error) {
      setState(
        errorCodeOf(error) === 'LINK_INVALID'
          ? { kind: 'invalid' }
          : { kind: 'failed', message: getErrorMessage(error, t('common:account.checkConnection')) },
      );
    }
  }, [code, navigate, t]);

  useEffect(() => {
    if (state.kind === 'claiming' && !sent.current) void claim();
  }, [state.kind, claim]);

  const toLogin = (
    <Link className="btn btn--secondary btn--md btn--block" to={paths.auth.login.getHref()}>
      {t('deviceLink.goToLogin')}
    </Link>
  );

  switch (state.kind) {
    case 'confirm':
      return (
        <AuthLayout title={t('deviceLink.replaceTitle')}>
          <p>{t('deviceLink.replace', { name: state.name })}</p>
          <div className="form__actions form__actions--wrap">
            <Button variant="secondary" onClick={() => void navigate(paths.home.getHref(), { replace: true })}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={() => void claim()}>{t('deviceLink.continue')}</Button>
          </div>
        </AuthLayout>
      );
    case 'claiming':
      return (
        <AuthLayout title={t('deviceLink.title')}>
          <Spinner label={t('device.signingIn')} />
        </AuthLayout>
      );
    case 'invalid':
      return (
        <AuthLayout title={t('deviceLink.invalidTitle')}>
          <Alert>{t('codes:LINK_INVALID')}</Alert>
          {toLogin}
        </AuthLayout>
      );
    case 'failed':
      return (
        <AuthLayout title={t('device.failedTitle')}>
          <Alert>{state.message}</Alert>
          <Button block onClick={() => void claim()}>
            {t('common:actions.tryAgain')}
          </Button>
          {toLogin}
        </AuthLayout>
      );
  }
}
