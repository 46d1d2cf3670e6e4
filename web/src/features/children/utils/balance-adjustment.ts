import { isBlank, type FieldErrors } from '@/lib/validation';

export const NOTES_REQUIRED = 'Please provide a reason for the balance adjustment';
export const AMOUNT_NOT_SIGNED = 'Amount must be a signed amount such as +10.00 or -5.50';

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
  if (!amount) amountError = 'Amount is required';
  else if (!match) amountError = AMOUNT_NOT_SIGNED;
  else if (Number(match[2]) === 0) amountError = 'Amount cannot be zero';
  return { amount: amountError, notes: isBlank(values.notes) ? NOTES_REQUIRED : undefined };
}

/** What the server takes: "10" -> "+10.00", "-5.5" -> "-5.50". Call it on valid amounts only. */
export function toSignedAmount(value: string): string {
  const match = SIGNED_AMOUNT.exec(value.trim());
  const sign = match?.[1] === '-' ? '-' : '+';
  return `${sign}${Number(match?.[2] ?? 0).toFixed(2)}`;
}
