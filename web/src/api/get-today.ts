import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Today } from '@/types/api';

/** The chores that concern each child today and where each stands (a child: their own). */
export function getToday(signal?: AbortSignal): Promise<Today> {
  return api.get<Today>('/chores/today', { signal });
}

/** Today's chores of the signed-in child (or every child, for a parent). */
export function useToday() {
  return useQuery({ queryKey: queryKeys.today, queryFn: ({ signal }) => getToday(signal), meta: { what: "today's chores" } });
}
