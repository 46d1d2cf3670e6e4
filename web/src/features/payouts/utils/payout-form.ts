import type { PayoutInput } from '../api/create-payout';
import type { PayoutChild } from '../types';
import { isBlank, toAmount, validateAmount, type FieldErrors } from '@/lib/validation';
import { formatReward } from '@/utils/format';

/** The Record Payout form, as typed. */
export interface PayoutFormValues {
  childId: string;
  amount: string;
  notes: string;
}

export const EMPTY_PAYOUT: PayoutFormValues = { childId: '', amount: '', notes: '' };

/** Child and amount required (spec §5); the amount more than 0 with at most two decimals. */
export function validatePayout(values: PayoutFormValues): FieldErrors<keyof PayoutFormValues> {
  const amount = validateAmount(values.amount, 'amount');
  return {
    childId: isBlank(values.childId) ? 'Child is required' : undefined,
    amount: amount ?? (toAmount(values.amount) > 0 ? undefined : 'Amount must be greater than 0'),
  };
}

export function toPayoutInput(values: PayoutFormValues): PayoutInput {
  return { childId: values.childId, amount: toAmount(values.amount), notes: values.notes.trim() };
}

/** "Sam (balance $12.50)": a child to choose, with what they can be paid. */
export function payoutChildOption(child: PayoutChild) {
  return { value: child.id, label: `${child.name} (balance ${formatReward(child.balance, child.rewardDisplayType)})` };
}
