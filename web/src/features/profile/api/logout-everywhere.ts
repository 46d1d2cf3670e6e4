import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Ends every session of the signed-in user, on every device, this one included (POST /auth/logout-everywhere). */
export function logoutEverywhere(): Promise<void> {
  return api.post<void>('/auth/logout-everywhere');
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}
