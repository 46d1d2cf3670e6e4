import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';

import { OfflineBanner } from '@/components/layouts/offline-banner';
import { UpdateBanner } from '@/components/layouts/update-banner';
import { paths } from '@/config/paths';
import { DeviceSignInGate } from '@/features/auth/components/device-sign-in-gate';
import { loadCurrentUser } from '@/features/auth/utils/load-current-user';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';
import { applyThemes, uiThemeOf, useThemeStore } from '@/stores/theme-store';

/** Keeps <html data-theme data-ui-theme> in step with the theme toggle and the user's profile. */
function useThemeAttributes() {
  const theme = useThemeStore((state) => state.theme);
  const user = useSessionStore((state) => state.user);
  const uiTheme = uiThemeOf(user);
  useEffect(() => applyThemes(theme, uiTheme), [theme, uiTheme]);
}

/** The route every other route renders inside. */
export function RootRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  // The page shown, for the login screen to return to after a 401.
  const page = useRef('');
  useEffect(() => {
    page.current = `${location.pathname}${location.search}${location.hash}`;
  }, [location]);
  useThemeAttributes();

  // A 401 on an authenticated call ends the session and shows the login
  // screen, which says so and returns to this page after logging in. A
  // child's own device stays on the page instead: the DeviceSignInGate opens
  // a new session with the device token (or shows the login, saying why).
  useEffect(
    () =>
      setUnauthorizedHandler((ended) => {
        if (useDeviceLinkStore.getState().deviceToken) return;
        if (ended) useSessionEndStore.getState().record({ ...ended, returnTo: page.current });
        void navigate(paths.auth.login.getHref(), { replace: true });
      }),
    [navigate],
  );

  // Refresh the stored user once on start when a token is present.
  useEffect(() => {
    if (useSessionStore.getState().token) void loadCurrentUser();
  }, []);

  return (
    <>
      <DeviceSignInGate>
        <Outlet />
      </DeviceSignInGate>
      {/* After the screen, so the skip link stays first; the stylesheet keeps them in view. */}
      <div className="app-notices">
        <OfflineBanner />
        <UpdateBanner />
      </div>
      <ScrollRestoration />
    </>
  );
}
