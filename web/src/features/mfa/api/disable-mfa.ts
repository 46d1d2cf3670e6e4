import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import type { MfaCodeInput, User } from '@/types/api';

/** Turns two-factor sign-in off, proven by a code of the app or a recovery code (POST /users/me/mfa/disable). */
export function disableMfa(input: MfaCodeInput): Promise<User> {
  return api.post<User>('/users/me/mfa/disable', input);
}

/** Turns it off and keeps the user the answer gives. */
export function useDisableMfa() {
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: (user) => useSessionStore.getState().setUser(user),
  });
}
