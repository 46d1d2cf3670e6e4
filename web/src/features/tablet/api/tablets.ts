import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { CreatedTablet, CreateTabletInput, Tablet } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The family's tablets still set up (parents only). */
export function getTablets(signal?: AbortSignal): Promise<Tablet[]> {
  return api.get<Tablet[]>('/organizations/tablets', { signal });
}

export function useTablets() {
  return useQuery({
    queryKey: queryKeys.tablets,
    queryFn: ({ signal }) => getTablets(signal),
    meta: { what: 'tablets' },
  });
}

/** Turns this browser into the family tablet: the answer's token is shown this once. */
export function createTablet(input: CreateTabletInput): Promise<CreatedTablet> {
  return api.post<CreatedTablet>('/organizations/tablets', input);
}

export function useCreateTablet() {
  return useMutation({ mutationFn: createTablet });
}

/** Removes a tablet: its token and the sessions opened on it end at once. */
export function revokeTablet(id: string): Promise<void> {
  return api.delete<void>(`/organizations/tablets/${encodeURIComponent(id)}`);
}

export function useRevokeTablet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeTablet,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tablets }),
  });
}
