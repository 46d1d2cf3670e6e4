import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** A child's allowance (amount 0: none) and its next pay day. */
export type Allowance = components['schemas']['AllowanceView'];
export type AllowanceInput = components['schemas']['AllowanceBody'];
export type AllowancePeriod = components['schemas']['AllowancePeriod'];
/** The monthly interest on a child's save jar (0: none). */
export type Interest = components['schemas']['InterestView'];
export type InterestInput = components['schemas']['InterestBody'];

const path = (childId: string, what: 'allowance' | 'interest') =>
  `/children/${encodeURIComponent(childId)}/${what}`;

/** The child's own, or any child of the family for parents. */
export function useAllowance(childId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.allowance.of(childId ?? ''),
    queryFn: ({ signal }) => api.get<Allowance>(path(childId ?? '', 'allowance'), { signal }),
    enabled: Boolean(childId),
    meta: { what: 'allowance' },
  });
}

export function useInterest(childId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.allowance.interestOf(childId ?? ''),
    queryFn: ({ signal }) => api.get<Interest>(path(childId ?? '', 'interest'), { signal }),
    enabled: Boolean(childId),
    meta: { what: 'interest' },
  });
}

export function useSetAllowance(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AllowanceInput) => api.put<Allowance>(path(childId, 'allowance'), input),
    onSuccess: () => invalidate(queryClient, [queryKeys.allowance.all]),
  });
}

export function useSetInterest(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InterestInput) => api.put<Interest>(path(childId, 'interest'), input),
    onSuccess: () => invalidate(queryClient, [queryKeys.allowance.all]),
  });
}
