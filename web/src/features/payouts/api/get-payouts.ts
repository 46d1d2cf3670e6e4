import { useQuery } from '@tanstack/react-query';

import type { Payout } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Payouts, newest first: the family's for parents, their own for a child. */
export function getPayouts(signal?: AbortSignal): Promise<Payout[]> {
  return api.get<Payout[]>('/payouts', { signal });
}

export function usePayouts() {
  return useQuery({ queryKey: queryKeys.payouts, queryFn: ({ signal }) => getPayouts(signal), meta: { what: 'payouts' } });
}
