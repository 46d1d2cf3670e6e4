import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import type { AuthResponse, ChangePasswordInput } from '@/types/api';

/**
 * Changes the signed-in user's password (PUT /users/me/password). Every other
 * session of the user ends, and so does the token the call carried: the
 * answer's token (and user) replace them.
 */
export function changePassword(input: ChangePasswordInput): Promise<AuthResponse> {
  return api.put<AuthResponse>('/users/me/password', input);
}

/** Changes the password and keeps the session the answer starts. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token, user }) => {
      const session = useSessionStore.getState();
      if (user) session.setSession(token, user);
      else session.replaceToken(token);
    },
  });
}
