import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Week } from '@/types/api';

/** Who does what on the seven days from `from` (the family's today when absent), for each child. */
export function getWeek(from: string | undefined, signal?: AbortSignal): Promise<Week> {
  return api.get<Week>('/chores/week', { query: { from }, signal });
}

/** The week from `from`, or the current one; the week shown stays while the next loads. */
export function useWeek(from: string | undefined) {
  return useQuery({
    queryKey: queryKeys.week(from),
    queryFn: ({ signal }) => getWeek(from, signal),
    placeholderData: keepPreviousData,
    meta: { what: 'the week' },
  });
}
