import type { RewardDisplayType } from '@/types/api';

const currency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars with two decimals; anything that is not a number shows as $0.00. */
export function formatMoney(value: unknown): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return currency.format(Number.isFinite(amount) ? amount : 0);
}

const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount in a child's reward unit, with two decimals: $12.50 for money
 * (and when the unit is not known), 12.50 hrs for screen time, 12.50 pts for
 * points and a plain 12.50 for custom.
 */
export function formatReward(value: unknown, type: RewardDisplayType | null | undefined): string {
  if (type === 'MONEY' || !type) return formatMoney(value);
  const number = typeof value === 'number' ? value : Number(value);
  const amount = amountFormat.format(Number.isFinite(number) ? number : 0);
  if (type === 'SCREEN_TIME') return `${amount} hrs`;
  if (type === 'POINTS') return `${amount} pts`;
  return amount;
}

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | null | undefined, fallback = '—'): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(undefined, LONG_DATE) : fallback;
}

/**
 * A calendar date sent as YYYY-MM-DD (a birthday, the start of a week), shown
 * as that same day whatever the browser's time zone; long ("March 5, 2015")
 * unless other `options` are given.
 */
export function formatCalendarDate(
  value: string | null | undefined,
  fallback = '—',
  options: Intl.DateTimeFormatOptions = LONG_DATE,
): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return fallback;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? fallback : date.toLocaleDateString(undefined, options);
}

export function formatDateTime(value: string | null | undefined, fallback = '—'): string {
  const date = toDate(value);
  return date
    ? date.toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : fallback;
}

export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
