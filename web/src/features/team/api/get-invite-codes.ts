import { useQuery } from '@tanstack/react-query';

import type { InviteCode } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The family's pending invite codes. */
export function getInviteCodes(signal?: AbortSignal): Promise<InviteCode[]> {
  return api.get<InviteCode[]>('/organizations/invite-codes', { signal });
}

export function useInviteCodes() {
  return useQuery({
    queryKey: queryKeys.inviteCodes,
    queryFn: ({ signal }) => getInviteCodes(signal),
    meta: { what: 'invite codes' },
  });
}
