import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** amount: signed dollars as text, e.g. "+10.00" or "-5.50"; notes: why, required. */
export type AdjustBalanceInput = components['schemas']['AdjustBalanceBody'];

/** The ledger entry written, with the child's new balance. */
export type BalanceAdjustment = components['schemas']['LedgerEntryView'];

/** Refused (409) when the balance would go below zero. */
export function adjustBalance(childId: string, input: AdjustBalanceInput): Promise<BalanceAdjustment> {
  return api.post<BalanceAdjustment>(`/children/${encodeURIComponent(childId)}/adjust-balance`, input);
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, input }: { childId: string; input: AdjustBalanceInput }) => adjustBalance(childId, input),
    onSuccess: () => invalidate(queryClient, [queryKeys.children, queryKeys.dashboardStats]),
  });
}
