import { useQuery } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';

import { getTabletBoard, tabletRemoved } from '../api/tablet-device';
import { useWaitingTapsStore } from '../stores/waiting-taps-store';
import { FamilyBoard, type ParentSignInProps } from './family-board';
import { logoutOnServer } from '@/api/logout';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';

export type { ParentSignInProps } from './family-board';

/** The board loads again this often while it shows (and whenever the window gets focus again). */
export const BOARD_REFRESH_MS = 60_000;

export interface TabletPageProps {
  /** The parent corner's sign-in (composed in the app from the account pages). */
  ParentSignIn: ComponentType<ParentSignInProps>;
}

/**
 * /tablet: on the family tablet, the family board (each child's chores of
 * today, sent with the child's PIN); elsewhere, a note that this browser is
 * not the tablet. Whoever was signed in on the way here (a parent who set the
 * tablet up or comes back from their app, a child who is done) is signed out
 * once the board shows: the board is the whole family's.
 */
export function TabletPage({ ParentSignIn }: TabletPageProps) {
  const { t } = useTranslation('tablet');
  useDocumentTitle(pageTitle(t('documentTitle')));
  const deviceToken = useTabletStore((state) => state.deviceToken);
  const childSession = useTabletStore((state) => state.childSession);
  const sessionToken = useSessionStore((state) => state.token);
  const removed = useTabletStore((state) => state.removed);

  // No session is used here: a call of the session just ended (logged out
  // on the way here) answered 401 ends nothing and sends no one to the login.
  useEffect(() => setUnauthorizedHandler(() => undefined), []);

  // The session of whoever just left (a parent who set the tablet up or
  // leaves their app, a child who is done) ends now that the board shows; so
  // does a grown-up's found here on arrival (a parent back by the address).
  const endSessionOnArrival = useTabletStore((state) => state.endSessionOnArrival);
  useEffect(() => {
    const tablet = useTabletStore.getState();
    const grownUpHere = tablet.deviceToken !== null && !tablet.childSession && useSessionStore.getState().token !== null;
    if (!endSessionOnArrival && !grownUpHere) return;
    logoutOnServer();
    useSessionStore.getState().clearSession();
    tablet.setEndSessionOnArrival(false);
  }, [endSessionOnArrival]);

  // A child's session that ended elsewhere (logged out, expired) leaves no mark.
  useEffect(() => {
    if (childSession && !sessionToken) useTabletStore.getState().setChildSession(false);
  }, [childSession, sessionToken]);

  // No live events reach the board (they follow a signed-in user): it asks again every minute and on focus.
  const board = useQuery({
    queryKey: queryKeys.tabletBoard(deviceToken ?? ''),
    queryFn: ({ signal }) => getTabletBoard(deviceToken ?? '', signal),
    enabled: deviceToken !== null,
    refetchInterval: BOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
    meta: { what: 'family board' },
  });

  useEffect(() => {
    if (board.error && tabletRemoved(board.error)) useTabletStore.getState().forgetTablet();
  }, [board.error]);

  // No longer the family tablet (however it was removed): the taps waiting here, with their PINs, go too.
  useEffect(() => {
    if (!deviceToken) useWaitingTapsStore.getState().clear();
  }, [deviceToken]);

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

  return <FamilyBoard deviceToken={deviceToken} board={board} ParentSignIn={ParentSignIn} />;
}
