import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * Turns two-factor sign-in off for a child's login (parents only): a child
 * who lost the phone, or set it up unasked, logs in with the password alone
 * again. Every session of the child ends. Refused with 404 for a child who
 * has not joined, 409 when it is not on.
 */
export function resetChildMfa(childId: string): Promise<void> {
  return api.delete<void>(`/children/${encodeURIComponent(childId)}/mfa`);
}

export function useResetChildMfa() {
  return useMutation({ mutationFn: resetChildMfa });
}
