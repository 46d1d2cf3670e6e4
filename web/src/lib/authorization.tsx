import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';

import { homePathFor } from './roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import type { Role } from '@/types/api';

/**
 * Renders its children only with a session. Without a token it sends the
 * browser to /login; with a token but no user yet it waits for the user.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);
  const userStatus = useSessionStore((state) => state.userStatus);
  const clearSession = useSessionStore((state) => state.clearSession);
  const { pathname, search, hash } = useLocation();
  const { t } = useTranslation();

  if (!token) {
    // After logging in, the visitor comes back to the page they asked for.
    return <Navigate to={paths.auth.login.getHref()} replace state={{ from: `${pathname}${search}${hash}` }} />;
  }
  if (!user) {
    if (userStatus === 'error') {
      return (
        <div className="full-page-center">
          <div className="auth-card">
            <Alert title={t('account.loadFailed')}>{t('account.checkConnection')}</Alert>
            <div className="button-row">
              <Button onClick={() => window.location.reload()}>{t('actions.tryAgain')}</Button>
              <Button variant="secondary" onClick={clearSession}>
                {t('account.backToLogin')}
              </Button>
            </div>
          </div>
        </div>
      );
    }
    return <FullPageSpinner label={t('account.loading')} />;
  }
  return <>{children}</>;
}

/**
 * Lets only the listed roles through; any other signed-in user goes to the
 * dashboard. Place it inside a ProtectedRoute.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const user = useSessionStore((state) => state.user);
  if (!user || !roles.includes(user.role)) {
    return <Navigate to={paths.home.getHref()} replace />;
  }
  return <>{children}</>;
}

/**
 * The family screens: a super admin, who has no family, is sent to the
 * operator console instead of an empty family dashboard. Place it inside a
 * ProtectedRoute.
 */
export function FamilyRoute({ children }: { children: ReactNode }) {
  const role = useSessionStore((state) => state.user?.role);
  if (role === 'SUPER_ADMIN') return <Navigate to={paths.admin.getHref()} replace />;
  return <>{children}</>;
}

/**
 * The console: a super admin who must still set up two-factor sign-in (the
 * server refuses them the console until then) is sent to its setup instead.
 * Place it inside a RequireRole for SUPER_ADMIN.
 */
export function RequireMfaSetUp({ children }: { children: ReactNode }) {
  const setupRequired = useSessionStore((state) => state.user?.mfaSetupRequired === true);
  if (setupRequired) return <Navigate to={paths.admin.twoFactor.getHref()} replace />;
  return <>{children}</>;
}

/** Login and register: a signed-in user is sent to their home screen instead. */
export function GuestRoute({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);
  if (token && user) {
    return <Navigate to={homePathFor(user.role)} replace />;
  }
  return <>{children}</>;
}
