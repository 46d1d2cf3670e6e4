import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { logoutOnServer } from '@/api/logout';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';

/** The confirmation asked before logging out, in English (the spec's words). */
export const LOGOUT_CONFIRMATION = 'Are you sure you want to logout?';

/**
 * Forgets the session here and returns to the login screen: the end of
 * leaving on purpose (logging out, logging out everywhere).
 */
export function useLeaveSession(): () => void {
  const navigate = useNavigate();
  const clearSession = useSessionStore((state) => state.clearSession);

  return useCallback(() => {
    // Leaving on purpose: the login screen has no ended session to tell of.
    useSessionEndStore.getState().clear();
    clearSession();
    void navigate(paths.auth.login.getHref(), { replace: true });
  }, [clearSession, navigate]);
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
    void confirm({ title: action, message: i18n.t('common:logout.confirm'), confirmLabel: action }).then((confirmed) => {
      if (!confirmed) return;
      logoutOnServer();
      leave();
    });
  }, [confirm, leave]);

  return [logout, confirmDialog];
}
