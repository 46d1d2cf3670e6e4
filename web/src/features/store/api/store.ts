import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { type Redemption, type RedemptionStatus, redemptionsQuery } from '@/api/store-requests';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

export type StoreItem = components['schemas']['StoreItemView'];
export type StoreItemInput = components['schemas']['StoreItemBody'];
export type { Redemption, RedemptionStatus } from '@/api/store-requests';
export type Decision = components['schemas']['DecisionBody'];

const itemPath = (id: string) => `/store/items/${encodeURIComponent(id)}`;

/** Every item for parents; for a child, those offered to them. */
export function useStoreItems() {
  return useQuery({
    queryKey: queryKeys.store.items,
    queryFn: ({ signal }) => api.get<StoreItem[]>('/store/items', { signal }),
    meta: { what: 'store items' },
  });
}

/** Requests, newest first: the family's for parents, their own for a child. */
export function useRedemptions(status?: RedemptionStatus) {
  return useQuery(redemptionsQuery(status));
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    invalidate(queryClient, [queryKeys.store.all, queryKeys.jars.all, queryKeys.children, queryKeys.dashboardStats]);
}

/** Saves an item: a new one without `id`. Refused (403) past the plan's number of store items. */
export function useSaveItem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: StoreItemInput }) =>
      id ? api.put<StoreItem>(itemPath(id), input) : api.post<StoreItem>('/store/items', input),
    onSuccess: refresh,
  });
}

export function useDeleteItem() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(itemPath(id)), onSuccess: refresh });
}

/** A child asks for an item; refused (409) when out of stock or over their spend jar. */
export function useRedeem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<Redemption>(`${itemPath(id)}/redeem`, {}),
    onSuccess: refresh,
  });
}

/** A parent approves (the price leaves the spend jar) or rejects a request. */
export function useDecide() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) =>
      api.patch<Redemption>(`/store/redemptions/${encodeURIComponent(id)}`, decision),
    onSuccess: refresh,
    onError: refresh,
  });
}
