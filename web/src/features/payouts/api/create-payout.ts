import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Payout } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** amount in dollars, more than 0, at most two decimals. */
export type PayoutInput = components['schemas']['PayoutBody'];

/**
 * Taken from the child's spend jar (no `jar` sent: the server's default).
 * Refused (409) when the payout is larger than the child's balance
 * (PAYOUT_OVER_BALANCE) or than their spend jar (JAR_TOO_LOW).
 */
export function createPayout(input: PayoutInput): Promise<Payout> {
  return api.post<Payout>('/payouts', input);
}

/** A payout lowers the child's spend jar and balance: the history, the jars, the children and the dashboard change. */
export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    onSuccess: () =>
      invalidate(queryClient, [queryKeys.payouts, queryKeys.jars.all, queryKeys.children, queryKeys.dashboardStats]),
  });
}
