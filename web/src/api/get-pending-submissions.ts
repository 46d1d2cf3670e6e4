import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Submission } from '@/types/api';

/**
 * The family's submissions waiting for review, oldest first, each with what
 * approving it would pay now. Shared by the Reviews page and the count beside
 * Reviews in the menu.
 */
export function getPendingSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return api.get<Submission[]>('/submissions', { query: { status: 'PENDING' }, signal });
}

/** `enabled: false` for users who have no queue (children). */
export function usePendingSubmissions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.pendingSubmissions,
    queryFn: ({ signal }) => getPendingSubmissions(signal),
    meta: { what: 'pending submissions' },
    enabled,
  });
}
