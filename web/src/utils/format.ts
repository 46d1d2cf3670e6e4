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

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone`; in the browser's zone if it is unknown or not given. */
export function dateIn(instant: string | Date, timeZone?: string | null): string | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone: timeZone || undefined }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-CA', options).format(date);
  }
}

/** A calendar date (YYYY-MM-DD) as midnight UTC; NaN for anything else. */
function utcDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD): 1 from a day to the next. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / 86_400_000);
}

/** The family's day: its date today (YYYY-MM-DD) and its time zone (IANA), as GET /chores/today gives them. */
export interface FamilyDay {
  date?: string | null;
  timeZone?: string | null;
}

/** The calendar day `days` after `day` (both YYYY-MM-DD; `days` may be negative); null for anything else. */
export function addDays(day: string, days: number): string | null {
  const time = utcDay(day);
  if (Number.isNaN(time)) return null;
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A calendar day (YYYY-MM-DD) in the days a young child counts, from the
 * family's `today`: "later today", "tomorrow", "on Friday" within the coming
 * week, else "on March 12" (the year only when it is not this year's); null
 * when either is not a date.
 */
function relativeDay(day: string, today: string): string | null {
  const days = daysBetween(today, day);
  if (Number.isNaN(days)) return null;
  if (days <= 0) return i18n.t('common:chores.laterToday');
  const locale = dateLocale(currentLanguage());
  if (days === 1) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(1, 'day');
  // The day itself, read at midnight UTC: the family's calendar, whatever the browser's zone.
  const date = new Date(utcDay(day));
  if (days < 7) {
    return i18n.t('common:chores.onWeekday', { day: date.toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' }) });
  }
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  const options: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', timeZone: 'UTC', ...(sameYear ? {} : { year: 'numeric' }) };
  return i18n.t('common:chores.onDate', { date: date.toLocaleDateString(locale, options) });
}

/**
 * When `instant` comes, in the days a young child counts, on the family's
 * calendar: "later today", "tomorrow", "on Friday" within the coming week,
 * else "on March 12" (a date without a time; the year only when it is not
 * this year's). Today is `family.date`; without it, the day `now` is in the
 * family's time zone (the browser's when that is unknown too).
 */
export function formatRelativeDay(instant: string, family: FamilyDay = {}, now: Date = new Date()): string {
  const day = dateIn(instant, family.timeZone);
  const today = family.date || dateIn(now, family.timeZone);
  return (day && today && relativeDay(day, today)) || formatDate(instant);
}

/**
 * A calendar day sent as YYYY-MM-DD (the last day of a pause) in the days a
 * young child counts, as formatRelativeDay says an instant: "tomorrow", "on
 * Friday", "on March 12"; the date itself when it cannot be counted.
 */
export function formatRelativeDate(day: string, family: FamilyDay = {}, now: Date = new Date()): string {
  const today = family.date || dateIn(now, family.timeZone);
  return (today && relativeDay(day, today)) || formatCalendarDate(day);
}

/** Names as a list in the language's way: "Lily and Max", "Lily, Max, and Sam". */
export function formatNames(names: readonly string[]): string {
  return new Intl.ListFormat(currentLanguage(), { style: 'long', type: 'conjunction' }).format(names);
}
