import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Child } from '@/types/api';

/** The family's children (parents only), with balances, reward units and multipliers. */
export function getChildren(signal?: AbortSignal): Promise<Child[]> {
  return api.get<Child[]>('/children', { signal });
}

/** The children list every screen shares: Children, the dashboard, Reviews, History and Payouts. */
export function useChildren() {
  return useQuery({ queryKey: queryKeys.children, queryFn: ({ signal }) => getChildren(signal), meta: { what: 'children' } });
}
