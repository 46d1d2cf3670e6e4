import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Submission } from '@/types/api';

/** The family's submissions waiting for review, oldest first. */
export function getPendingSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return api.get<Submission[]>('/submissions', { query: { status: 'PENDING' }, signal });
}

export function usePendingSubmissions() {
  return useQuery({
    queryKey: queryKeys.pendingSubmissions,
    queryFn: ({ signal }) => getPendingSubmissions(signal),
    meta: { what: 'pending submissions' },
  });
}
