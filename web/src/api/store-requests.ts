import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

export type Redemption = components['schemas']['RedemptionView'];
export type RedemptionStatus = components['schemas']['RedemptionStatus'];

/**
 * Store requests, newest first: the family's for parents, their own for a
 * child; all, or those of one status. The Store page and the count beside
 * Store in the menu read the same query, so the two always agree.
 */
export function redemptionsQuery(status?: RedemptionStatus) {
  return queryOptions({
    queryKey: queryKeys.store.redemptionsOf(status),
    queryFn: ({ signal }) => api.get<Redemption[]>('/store/redemptions', { signal, query: { status } }),
    meta: { what: 'store requests' },
  });
}

/** Requests waiting for a decision; `enabled: false` where not wanted (for a child). */
export function usePendingStoreRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...redemptionsQuery('PENDING'), enabled });
}
