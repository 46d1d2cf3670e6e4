import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Submission } from '@/types/api';

/**
 * Submissions waiting for review, oldest first: the family's for a parent,
 * each with what approving it would pay now (the Reviews page and the count
 * beside Reviews in the menu); a child's own for a child (their home and
 * History).
 */
export function getPendingSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return api.get<Submission[]>('/submissions', { query: { status: 'PENDING' }, signal });
}

/** `enabled: false` where it is not wanted (the count beside Reviews, for a child). */
export function usePendingSubmissions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.pendingSubmissions,
    queryFn: ({ signal }) => getPendingSubmissions(signal),
    meta: { what: 'pending submissions' },
    enabled,
  });
}
