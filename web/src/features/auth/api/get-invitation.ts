import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface Invitation {
  organizationName: string;
  displayName: string | null;
  email: string | null;
  expiresAt: string;
}

export function getInvitation(code: string, signal?: AbortSignal): Promise<Invitation> {
  return api.get<Invitation>(`/auth/invite/${encodeURIComponent(code)}`, { auth: false, signal });
}

/** The invitation behind a code, looked up anonymously. */
export function useInvitation(code: string) {
  return useQuery({
    queryKey: queryKeys.invitation(code),
    queryFn: ({ signal }) => getInvitation(code, signal),
    meta: { what: 'invitation' },
  });
}
