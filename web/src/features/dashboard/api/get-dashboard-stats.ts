import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The answer's shape depends on the caller's role (parent or child), so it is
 * returned as is and normalized by the screen that reads it.
 */
export function getDashboardStats(signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>('/dashboard/stats', { signal });
}

/** The dashboard stats query, read in the shape `normalize` gives them. */
export function useDashboardStatsQuery<T>(normalize: (raw: unknown) => T) {
  return useQuery({
    queryKey: queryKeys.dashboardStats,
    queryFn: ({ signal }) => getDashboardStats(signal),
    select: normalize,
    meta: { what: 'dashboard stats' },
  });
}

/**
 * The dashboard stats in the shape `normalize` gives them. Until they are
 * loaded, and when loading fails (only logged), the screen shows zero values.
 */
export function useDashboardStats<T>(normalize: (raw: unknown) => T): T {
  return useDashboardStatsQuery(normalize).data ?? normalize(undefined);
}
