import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** An invitation as GET /auth/invite/{code} answers; an open invite code names no invitee. */
export type Invitation = components['schemas']['Invite'];

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
