import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** A child's jars in dollars (balance: their sum) and the split of new earnings in percent. */
export type Jars = components['schemas']['JarsView'];
export type Split = components['schemas']['Split'];
export type TransferInput = components['schemas']['TransferBody'];
export type JarName = components['schemas']['Jar'];

export const JAR_NAMES: readonly JarName[] = ['SPEND', 'SAVE', 'GIVE'];

const path = (childId: string, what: 'jars' | 'split' | 'transfers') =>
  `/children/${encodeURIComponent(childId)}/${what}`;

export function getJars(childId: string, signal?: AbortSignal): Promise<Jars> {
  return api.get<Jars>(path(childId, 'jars'), { signal });
}

/** The child's own, or any child of the family for parents. */
export function useJars(childId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.jars.of(childId ?? ''),
    queryFn: ({ signal }) => getJars(childId ?? '', signal),
    enabled: Boolean(childId),
    meta: { what: 'jars' },
  });
}

/** Moving money or a new split changes the jars, the children's balances and the dashboard's cards. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, [queryKeys.jars.all, queryKeys.children, queryKeys.dashboardStats]);
}

export function useSetSplit(childId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (split: Split) => api.put<Jars>(path(childId, 'split'), split),
    onSuccess: refresh,
  });
}

/** Refused (409) when the `from` jar holds less than the amount. */
export function useTransfer(childId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TransferInput) => api.post<Jars>(path(childId, 'transfers'), input),
    onSuccess: refresh,
  });
}
