import { useQuery } from '@tanstack/react-query';

import type { Member } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMembers(signal?: AbortSignal): Promise<Member[]> {
  return api.get<Member[]>('/organizations/members', { signal });
}

export function useMembers() {
  return useQuery({ queryKey: queryKeys.members, queryFn: ({ signal }) => getMembers(signal), meta: { what: 'members' } });
}
