import type { PayoutInput } from '../api/create-payout';
import type { PayoutChild } from '../types';
import { i18n } from '@/lib/i18n';
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
    childId: isBlank(values.childId) ? i18n.t('validation:childRequired') : undefined,
    amount: amount ?? (toAmount(values.amount) > 0 ? undefined : i18n.t('validation:amountPositive')),
  };
}

export function toPayoutInput(values: PayoutFormValues): PayoutInput {
  return { childId: values.childId, amount: toAmount(values.amount), notes: values.notes.trim() };
}

/** "Sam (balance $12.50)": a child to choose, with what they can be paid. */
export function payoutChildOption(child: PayoutChild) {
  const balance = formatReward(child.balance, child.rewardDisplayType);
  return { value: child.id, label: i18n.t('payouts:form.childOption', { name: child.name, balance }) };
}
