import { i18n } from '@/lib/i18n';
import { isBlank, type FieldErrors } from '@/lib/validation';

/** The Adjust Balance form, as typed. */
export interface BalanceAdjustmentValues {
  amount: string;
  notes: string;
}

/** +10.00, -5.50 or 10: an optional sign, then dollars with at most two decimals. */
const SIGNED_AMOUNT = /^([+-]?)(\d+(?:\.\d{0,2})?|\.\d{1,2})$/;

/** Notes are required (spec §5); the amount is signed text that is not zero. */
export function validateBalanceAdjustment(values: BalanceAdjustmentValues): FieldErrors<keyof BalanceAdjustmentValues> {
  const amount = values.amount.trim();
  const match = SIGNED_AMOUNT.exec(amount);
  let amountError: string | undefined;
  if (!amount) amountError = i18n.t('validation:amount.amount.required');
  else if (!match) amountError = i18n.t('validation:amountNotSigned');
  else if (Number(match[2]) === 0) amountError = i18n.t('validation:amountZero');
  return { amount: amountError, notes: isBlank(values.notes) ? i18n.t('validation:adjustmentReasonRequired') : undefined };
}

/** What the server takes: "10" -> "+10.00", "-5.5" -> "-5.50". Call it on valid amounts only. */
export function toSignedAmount(value: string): string {
  const match = SIGNED_AMOUNT.exec(value.trim());
  const sign = match?.[1] === '-' ? '-' : '+';
  return `${sign}${Number(match?.[2] ?? 0).toFixed(2)}`;
}
