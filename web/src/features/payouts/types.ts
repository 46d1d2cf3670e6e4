import type { Child } from '@/types/api';

/** Money paid out of a child's balance, as GET /payouts answers. Amounts are in dollars. */
export interface Payout {
  id: string;
  childId: string;
  childName: string;
  /** Who recorded it; null in the answers children get. */
  parentName: string | null;
  amount: number;
  notes: string;
  paidAt: string;
}

/** A child that can be paid, as GET /children answers (only what this screen reads). */
export type PayoutChild = Pick<Child, 'id' | 'name' | 'balance' | 'rewardDisplayType'>;
