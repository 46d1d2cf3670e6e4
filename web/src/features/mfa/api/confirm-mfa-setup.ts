import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import type { MfaCodeInput, MfaConfirmed } from '@/types/api';

/**
 * Turns two-factor sign-in on with a code of the app (POST
 * /users/me/mfa/confirm). The answer holds the recovery codes, shown once,
 * and a new token: the console refuses a super admin's earlier one.
 */
export function confirmMfaSetup(input: MfaCodeInput): Promise<MfaConfirmed> {
  return api.post<MfaConfirmed>('/users/me/mfa/confirm', input);
}

/** Confirms the setup and keeps the session the answer starts, at once. */
export function useConfirmMfaSetup() {
  return useMutation({
    mutationFn: confirmMfaSetup,
    onSuccess: ({ token, user }) => {
      const session = useSessionStore.getState();
      const current = session.user;
      if (user) session.setSession(token, user);
      // An answer without its user: the one kept, as it is now.
      else if (current) session.setSession(token, { ...current, mfaEnabled: true, mfaSetupRequired: false });
      else session.setToken(token);
    },
  });
}
