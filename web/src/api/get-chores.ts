import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Chore } from '@/types/api';

/** The family's active chores. */
export function getChores(signal?: AbortSignal): Promise<Chore[]> {
  return api.get<Chore[]>('/chores', { signal });
}

/** The chores list, shared by Chores, My Chores and Submit Chore. */
export function useChores() {
  return useQuery({ queryKey: queryKeys.chores, queryFn: ({ signal }) => getChores(signal), meta: { what: 'chores' } });
}
