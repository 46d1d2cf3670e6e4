import type { Payout } from '../types';
import { api } from '@/lib/api-client';

export interface PayoutInput {
  childId: string;
  /** Dollars, more than 0, at most two decimals. */
  amount: number;
  notes: string;
}

/** Refused (409) when the payout is larger than the child's balance. */
export function createPayout(input: PayoutInput): Promise<Payout> {
  return api.post<Payout>('/payouts', input);
}
