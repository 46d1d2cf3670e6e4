import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Submission } from '@/types/api';

/** Reviewed submissions, newest first, at most 50: the family's for parents, their own for a child. */
export function getHistory(signal?: AbortSignal): Promise<Submission[]> {
  return api.get<Submission[]>('/submissions/history', { signal });
}

/** Shared by History and the child's home (which shows the parents' notes from it). */
export function useHistory() {
  return useQuery({ queryKey: queryKeys.history, queryFn: ({ signal }) => getHistory(signal), meta: { what: 'history' } });
}
