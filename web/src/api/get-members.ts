import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Member } from '@/types/api';

/** The family's active members (parents only): parents, and children who have joined. */
export function getMembers(signal?: AbortSignal): Promise<Member[]> {
  return api.get<Member[]>('/organizations/members', { signal });
}

/** The members list Team and the calendar feeds share (the feeds name whose each is). */
export function useMembers() {
  return useQuery({ queryKey: queryKeys.members, queryFn: ({ signal }) => getMembers(signal), meta: { what: 'members' } });
}
