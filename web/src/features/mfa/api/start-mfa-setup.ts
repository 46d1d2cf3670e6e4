import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MfaSetup } from '@/types/api';

/**
 * Starts setting up two-factor sign-in (POST /users/me/mfa): a new secret
 * for the authenticator app, asked for at login only once confirmed.
 * Starting again replaces a setup not yet confirmed.
 */
export function startMfaSetup(): Promise<MfaSetup> {
  return api.post<MfaSetup>('/users/me/mfa');
}

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}
