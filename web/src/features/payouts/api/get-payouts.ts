import type { Payout } from '../types';
import { api } from '@/lib/api-client';

/** Payouts, newest first: the family's for parents, their own for a child. */
export function getPayouts(signal?: AbortSignal): Promise<Payout[]> {
  return api.get<Payout[]>('/payouts', { signal });
}
