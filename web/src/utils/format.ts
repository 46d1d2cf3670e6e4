import { currentLanguage, i18n, type Language } from '@/lib/i18n';
import type { RewardDisplayType } from '@/types/api';

/**
 * Numbers and money in the interface language's way: English keeps the US
 * format ($1,234.50), Spanish and German write theirs (1234,50 US$, 1.234,50 $).
 * The currency stays the US dollar.
 */
const NUMBER_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es', de: 'de' };

/**
 * Dates in English read as the browser's English does (en-GB writes the day
 * first), or as in the US when the browser has no English; Spanish and German
 * their own way.
 */
function dateLocale(language: Language): string {
  if (language !== 'en') return language;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.find((tag) => /^en(-|$)/i.test(tag)) ?? 'en-US';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat of the interface language, made once per language and options. */
export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = NUMBER_LOCALES[currentLanguage()];
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const MONEY: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

const AMOUNT: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

function toNumber(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** Dollars with two decimals; anything that is not a number shows as $0.00. */
export function formatMoney(value: unknown): string {
  return numberFormat(MONEY).format(toNumber(value));
}

/**
 * An amount in a child's reward unit, with two decimals: $12.50 for money
 * (and when the unit is not known), 12.50 hrs for screen time, 12.50 pts for
 * points and a plain 12.50 for custom.
 */
export function formatReward(value: unknown, type: RewardDisplayType | null | undefined): string {
  if (type === 'MONEY' || !type) return formatMoney(value);
  const amount = numberFormat(AMOUNT).format(toNumber(value));
  if (type === 'SCREEN_TIME') return i18n.t('common:rewardUnits.hours', { amount });
  if (type === 'POINTS') return i18n.t('common:rewardUnits.points', { amount });
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
  return date ? date.toLocaleDateString(dateLocale(currentLanguage()), LONG_DATE) : fallback;
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
  return Number.isNaN(date.getTime()) ? fallback : date.toLocaleDateString(dateLocale(currentLanguage()), options);
}

export function formatDateTime(value: string | null | undefined, fallback = '—'): string {
  const date = toDate(value);
  return date
    ? date.toLocaleString(dateLocale(currentLanguage()), {
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

/** A day of the week by its ISO number (1 Monday … 7 Sunday): "Mon" (short) or "Monday" (long). */
export function formatWeekday(isoDay: number, width: 'short' | 'long' = 'short'): string {
  // 1 January 2024 was a Monday.
  const date = new Date(2024, 0, isoDay);
  return date.toLocaleDateString(dateLocale(currentLanguage()), { weekday: width });
}

/** A time of day sent as HH:MM, the language's way ("9:00 AM", "9:00"). */
export function formatTimeOfDay(value: string | null | undefined, fallback = '—'): string {
  const match = value ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return fallback;
  const date = new Date(2024, 0, 1, Number(match[1]), Number(match[2]));
  return date.toLocaleTimeString(dateLocale(currentLanguage()), { hour: 'numeric', minute: '2-digit' });
}

/** The time of an instant, the language's way; in `timeZone` when given (the family's). */
export function formatTime(value: string | null | undefined, timeZone?: string, fallback = '—'): string {
  const date = toDate(value);
  if (!date) return fallback;
  try {
    return date.toLocaleTimeString(dateLocale(currentLanguage()), { hour: 'numeric', minute: '2-digit', timeZone });
  } catch {
    return date.toLocaleTimeString(dateLocale(currentLanguage()), { hour: 'numeric', minute: '2-digit' });
  }
}

/** Names as a list in the language's way: "Lily and Max", "Lily, Max, and Sam". */
export function formatNames(names: readonly string[]): string {
  return new Intl.ListFormat(currentLanguage(), { style: 'long', type: 'conjunction' }).format(names);
}
