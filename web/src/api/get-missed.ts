import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MissedChore } from '@/types/api';

/**
 * Missed chores of the last 30 days (the family's calendar), newest first:
 * the family's for parents, their own for a child.
 */
export function getMissed(signal?: AbortSignal): Promise<MissedChore[]> {
  return api.get<MissedChore[]>('/missed', { signal });
}

export function useMissed() {
  return useQuery({ queryKey: queryKeys.missed, queryFn: ({ signal }) => getMissed(signal), meta: { what: 'missed chores' } });
}
