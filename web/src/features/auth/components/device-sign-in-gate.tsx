import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { needsDeviceSignIn, signInWithDevice } from '../utils/device-sign-in';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { i18n } from '@/lib/i18n';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';

/**
 * Where the device's sign-in stopped: `failed` (no answer: the child may try
 * again) or `refused` (the login shows, with the server's reason).
 */
type Stopped = 'failed' | 'refused' | null;

/**
 * A child's own device (one that claimed a sign-in code) has no password to
 * log in with: whenever it has no session (on start, or once a session has
 * ended: expired, renewal refused), this opens one with the device token
 * before any page shows, so the child never meets the login. A device a
 * parent signed out shows the login, saying why. Wraps the routes.
 */
export function DeviceSignInGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['auth', 'common']);
  const sessionToken = useSessionStore((state) => state.token);
  const deviceToken = useDeviceLinkStore((state) => state.deviceToken);
  const location = useLocation();
  const [stopped, setStopped] = useState<Stopped>(null);

  // A session begun since (a new sign-in code, a login) makes the next end worth a sign-in again.
  if (sessionToken !== null && stopped !== null) setStopped(null);

  // The page shown, for the login to return to.
  const page = useRef('');
  useEffect(() => {
    page.current = `${location.pathname}${location.search}${location.hash}`;
  }, [location]);

  const signingIn = stopped === null && needsDeviceSignIn({ sessionToken, deviceToken, pathname: location.pathname });

  useEffect(() => {
    if (!signingIn) return;
    void signInWithDevice().then((outcome) => {
      if (outcome.kind === 'signed-in') return;
      if (outcome.kind === 'failed') {
        setStopped('failed');
        return;
      }
      // The login says why it shows.
      const reason = outcome.kind === 'forgotten' ? i18n.t('codes:DEVICE_UNKNOWN') : outcome.reason;
      useSessionEndStore.getState().record({ reason, returnTo: page.current, userId: null });
      if (outcome.kind === 'refused') setStopped('refused');
    });
  }, [signingIn]);

  if (signingIn) return <FullPageSpinner label={t('device.signingIn')} />;
  if (stopped === 'failed' && sessionToken === null) {
    return (
      <div className="full-page-center">
        <div className="auth-card">
          <Alert title={t('device.failedTitle')}>{t('common:account.checkConnection')}</Alert>
          <div className="button-row">
            <Button onClick={() => setStopped(null)}>{t('common:actions.tryAgain')}</Button>
            <Button variant="secondary" onClick={() => setStopped('refused')}>
              {t('common:account.backToLogin')}
            </Button>
          </div>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
