import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { CurrentPasswordInput, MfaSetup } from '@/types/api';

/**
 * Starts setting up two-factor sign-in (POST /users/me/mfa): a new secret
 * for the authenticator app, asked for at login only once confirmed.
 * Starting again replaces a setup not yet confirmed. It takes the current
 * password: a session alone (a borrowed phone) must not lock the owner out
 * with someone else's app. A wrong one counts towards the login lock.
 */
export function startMfaSetup(input: CurrentPasswordInput): Promise<MfaSetup> {
  return api.post<MfaSetup>('/users/me/mfa', input);
}

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}
