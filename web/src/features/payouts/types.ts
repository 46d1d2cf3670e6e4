import type { Child } from '@/types/api';
import type { components } from '@/types/schema';

/** Money paid out of a child's balance, as GET /payouts answers (parentName null in children's answers). Dollars. */
export type Payout = components['schemas']['PayoutView'];

/** A child that can be paid, as GET /children answers (only what this screen reads). */
export type PayoutChild = Pick<Child, 'id' | 'name' | 'balance' | 'rewardDisplayType'>;
