import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { CurrentPasswordInput } from '@/types/api';

/**
 * Ends every session of the signed-in user, on every device, this one
 * included (POST /auth/logout-everywhere). It takes the current password: a
 * session alone must not end the owner's others. A wrong one counts towards
 * the login lock.
 */
export function logoutEverywhere(input: CurrentPasswordInput): Promise<void> {
  return api.post<void>('/auth/logout-everywhere', input);
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}
