import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';

import { getTabletHome, tabletRemoved, unlockTablet } from '../api/tablet-device';
import type { TabletChild } from '../types';
import { PIN_LENGTH, PinPad } from './pin-pad';
import { logoutOnServer } from '@/api/logout';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, Button, Spinner } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';

/** A colour of its own for each child's picture, the same on every visit. */
function avatarHue(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function initial(name: string): string {
  return (name.trim().charAt(0) || '?').toUpperCase();
}

/**
 * /tablet: the family tablet. The children's pictures; a child taps theirs,
 * enters their PIN and continues in their own session (the app's home), until
 * "Done" or 2 minutes without use bring the pictures back.
 */
export function TabletPage() {
  const { t } = useTranslation('tablet');
  useDocumentTitle(pageTitle(t('documentTitle')));
  const deviceToken = useTabletStore((state) => state.deviceToken);
  const childSession = useTabletStore((state) => state.childSession);
  const sessionToken = useSessionStore((state) => state.token);
  const removed = useTabletStore((state) => state.removed);
  const [chosen, setChosen] = useState<TabletChild | null>(null);

  // No session is used here: a call of the session just ended (logged out
  // on the way here) answered 401 ends nothing and sends no one to the login.
  useEffect(() => setUnauthorizedHandler(() => undefined), []);

  // The session of whoever just left (a parent who set the tablet up, a
  // child who is done) ends now that the tablet shows.
  const endSessionOnArrival = useTabletStore((state) => state.endSessionOnArrival);
  useEffect(() => {
    if (!endSessionOnArrival) return;
    logoutOnServer();
    useSessionStore.getState().clearSession();
    useTabletStore.getState().setEndSessionOnArrival(false);
  }, [endSessionOnArrival]);

  // A child's session that ended elsewhere (logged out, expired) leaves no mark.
  useEffect(() => {
    if (childSession && !sessionToken) useTabletStore.getState().setChildSession(false);
  }, [childSession, sessionToken]);

  const home = useQuery({
    queryKey: ['tablet', deviceToken],
    queryFn: () => getTabletHome(deviceToken ?? ''),
    enabled: deviceToken !== null,
    meta: { what: 'family tablet' },
  });

  useEffect(() => {
    if (home.error && tabletRemoved(home.error)) useTabletStore.getState().forgetTablet();
  }, [home.error]);

  if (childSession && sessionToken && !endSessionOnArrival) return <Navigate to={paths.home.getHref()} replace />;

  if (!deviceToken) {
    return (
      <AuthLayout
        title={removed ? t('home.removed') : t('home.notSetUp')}
        subtitle={removed ? undefined : t('home.notSetUpHelp')}
      >
        <Link className="btn btn--primary btn--md btn--block" to={paths.auth.login.getHref()}>
          {t('home.goToLogin')}
        </Link>
      </AuthLayout>
    );
  }

  if (chosen) {
    return <PinStep deviceToken={deviceToken} child={chosen} onBack={() => setChosen(null)} />;
  }

  return (
    <AuthLayout title={t('home.title')} subtitle={home.data ? t('home.subtitle') : undefined}>
      {home.isPending && <Spinner label={t('home.loading')} />}
      {home.error && !tabletRemoved(home.error) && (
        <>
          <Alert>{t('home.failed')}</Alert>
          <Button variant="secondary" onClick={() => void home.refetch()}>
            {t('home.retry')}
          </Button>
        </>
      )}
      {home.data && home.data.children.length === 0 && <p className="muted">{t('home.empty')}</p>}
      {home.data && home.data.children.length > 0 && (
        <ul className="tablet-avatars" aria-label={t('home.childrenLabel')}>
          {home.data.children.map((child) => (
            <li key={child.id}>
              <button
                type="button"
                className="tablet-avatar"
                disabled={!child.hasPin}
                onClick={() => setChosen(child)}
              >
                <span
                  className="tablet-avatar__picture"
                  aria-hidden="true"
                  style={{ backgroundColor: `hsl(${avatarHue(child.id)} 55% 32%)` }}
                >
                  {initial(child.name)}
                </span>
                <span className="tablet-avatar__name">{child.name}</span>
                {!child.hasPin && <span className="tablet-avatar__note">{t('home.noPin')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </AuthLayout>
  );
}

interface PinStepProps {
  deviceToken: string;
  child: TabletChild;
  onBack: () => void;
}

/** The chosen child's PIN: four digits sign them in at once. */
function PinStep({ deviceToken, child, onBack }: PinStepProps) {
  const { t } = useTranslation('tablet');
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const enter = async (value: string) => {
    setPin(value);
    if (value.length > 0) setError(null);
    if (value.length < PIN_LENGTH || busy) return;
    setBusy(true);
    try {
      const session = await unlockTablet(deviceToken, { childId: child.id, pin: value });
      if (!session.user) throw new Error('no user');
      useSessionStore.getState().setSession(session.token, session.user);
      useTabletStore.getState().setChildSession(true);
      void navigate(paths.home.getHref(), { replace: true });
    } catch (failure) {
      setPin('');
      setBusy(false);
      if (tabletRemoved(failure)) {
        useTabletStore.getState().forgetTablet();
        return;
      }
      const status = failure instanceof ApiError ? failure.status : 0;
      setError(
        status === 400 ? t('pin.wrong') : status === 429 ? t('pin.locked') : status === 409 ? t('pin.noPin') : t('pin.failed'),
      );
    }
  };

  return (
    <AuthLayout title={t('pin.title', { name: child.name })}>
      {error && <Alert>{error}</Alert>}
      <PinPad value={pin} onChange={(value) => void enter(value)} disabled={busy} />
      {busy && <Spinner label={t('pin.signingIn')} />}
      <Button variant="ghost" block onClick={onBack} disabled={busy}>
        {t('pin.back')}
      </Button>
    </AuthLayout>
  );
}
