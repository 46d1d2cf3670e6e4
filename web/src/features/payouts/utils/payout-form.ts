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

/**
 * What the chosen child's spend jar holds: a payout is taken from it (the
 * form sends no jar, and the server takes a payout without one from SPEND).
 */
export interface SpendJar {
  name: string;
  /** Dollars. */
  spend: number;
  unit: PayoutChild['rewardDisplayType'];
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** "Available to pay out: $12.50 in Sam's spend jar." */
export function spendJarHint(jar: SpendJar): string {
  return i18n.t('payouts:form.available', { name: jar.name, amount: formatReward(jar.spend, jar.unit) });
}

/**
 * Child and amount required (spec §5); the amount more than 0 with at most two
 * decimals, and at most what the child's spend jar holds when that is known
 * (the server checks again).
 */
export function validatePayout(values: PayoutFormValues, jar?: SpendJar): FieldErrors<keyof PayoutFormValues> {
  const amount = validateAmount(values.amount, 'amount');
  const paid = toAmount(values.amount);
  return {
    childId: isBlank(values.childId) ? i18n.t('validation:childRequired') : undefined,
    amount:
      amount ??
      (paid > 0 ? undefined : i18n.t('validation:amountPositive')) ??
      (jar && cents(paid) > cents(jar.spend)
        ? i18n.t('payouts:form.overSpend', { name: jar.name, amount: formatReward(jar.spend, jar.unit) })
        : undefined),
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
