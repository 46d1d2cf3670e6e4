import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { logoutOnServer } from '@/api/logout';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';
import { themeContextOf, uiThemeOf } from '@/stores/theme-store';

/** The confirmation asked before logging out, in English (the spec's words). */
export const LOGOUT_CONFIRMATION = 'Are you sure you want to logout?';

/**
 * Forgets the session here and returns to the login screen: the end of
 * leaving on purpose (logging out, logging out everywhere). A child's own
 * device forgets its device token too, or it would sign straight back in.
 */
export function useLeaveSession(): () => void {
  const navigate = useNavigate();
  const clearSession = useSessionStore((state) => state.clearSession);

  return useCallback(() => {
    // Leaving on purpose: the login screen has no ended session to tell of.
    useSessionEndStore.getState().clear();
    useDeviceLinkStore.getState().forget();
    clearSession();
    void navigate(paths.auth.login.getHref(), { replace: true });
  }, [clearSession, navigate]);
}

/**
 * The question Logout asks: on a child's own device (signed in through a
 * sign-in code) it says the device then needs a new code, in a KIDS child's
 * words for them.
 */
function logoutQuestion(): string {
  if (!useDeviceLinkStore.getState().deviceToken) return i18n.t('common:logout.confirm');
  const context = themeContextOf(uiThemeOf(useSessionStore.getState().user));
  return i18n.t('common:logout.deviceConfirm', { context });
}

/**
 * Logout: asks for confirmation in a dialog (which the caller renders), then
 * ends the session on the server (best effort), clears it here and returns
 * to the login screen.
 */
export function useLogout(): [logout: () => void, confirmDialog: ReactNode] {
  const leave = useLeaveSession();
  const [confirm, confirmDialog] = useConfirm();

  const logout = useCallback(() => {
    const action = i18n.t('common:layout.logout');
    void confirm({ title: action, message: logoutQuestion(), confirmLabel: action }).then((confirmed) => {
      if (!confirmed) return;
      logoutOnServer();
      leave();
    });
  }, [confirm, leave]);

  return [logout, confirmDialog];
}
