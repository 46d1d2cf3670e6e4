import type { Allowance, AllowanceInput, AllowancePeriod, Interest, InterestInput } from '@/api/allowance';
import { i18n } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';

export interface AllowanceValues {
  amount: string;
  period: string;
  /** The weekday 1 (Monday) to 7 (Sunday) of a weekly allowance. */
  weekday: string;
  /** The day of the month 1 to 31 of a monthly one. */
  monthDay: string;
  minApprovedChores: string;
}

/** The form's values: the child's allowance, or a weekly one on Saturdays to start from. */
export function allowanceValues(allowance: Allowance | undefined): AllowanceValues {
  const set = allowance && allowance.amount > 0 ? allowance : undefined;
  return {
    amount: set ? set.amount.toFixed(2) : '',
    period: set?.period ?? 'WEEKLY',
    weekday: String(set?.period === 'WEEKLY' ? set.day : 6),
    monthDay: String(set?.period === 'MONTHLY' ? set.day : 1),
    minApprovedChores: String(set?.minApprovedChores ?? 0),
  };
}

const whole = (raw: string, min: number, max: number): number | null => {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

/** Dollars with at most two decimals, from `min` to `max`. */
const dollars = (raw: string, min: number, max: number): number | null => {
  const text = raw.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

export function validateAllowance(values: AllowanceValues): FieldErrors<keyof AllowanceValues> {
  const errors: FieldErrors<keyof AllowanceValues> = {};
  if (dollars(values.amount, 0, 1000) === null) errors.amount = i18n.t('children:allowance.amountError');
  if (values.period === 'MONTHLY' && whole(values.monthDay, 1, 31) === null) {
    errors.monthDay = i18n.t('children:allowance.monthDayError');
  }
  if (whole(values.minApprovedChores, 0, 100) === null) {
    errors.minApprovedChores = i18n.t('children:allowance.minChoresError');
  }
  return errors;
}

export function toAllowance(values: AllowanceValues): AllowanceInput {
  const period = values.period as AllowancePeriod;
  return {
    amount: Number(values.amount),
    period,
    day: Number(period === 'MONTHLY' ? values.monthDay : values.weekday),
    minApprovedChores: Number(values.minApprovedChores),
  };
}

export interface InterestValues {
  percent: string;
}

export function interestValues(interest: Interest | undefined): InterestValues {
  return { percent: interest && interest.percentPerMonth > 0 ? String(interest.percentPerMonth) : '0' };
}

export function validateInterest(values: InterestValues): FieldErrors<keyof InterestValues> {
  return dollars(values.percent, 0, 10) === null ? { percent: i18n.t('children:allowance.percentError') } : {};
}

export function toInterest(values: InterestValues): InterestInput {
  return { percentPerMonth: Number(values.percent) };
}
