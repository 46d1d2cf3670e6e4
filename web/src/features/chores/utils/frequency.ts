import { i18n } from '@/lib/i18n';
import type { FrequencyDays } from '@/types/api';

/** How often a chore may be done, in days (spec §9), the first being the default of nothing. */
export const FREQUENCY_DAYS = [0, 1, 2, 3, 7, 14, 30] as const satisfies readonly [FrequencyDays, ...FrequencyDays[]];

export const DEFAULT_FREQUENCY_DAYS = 1;

/** The frequencies with names of their own; the others read "Every 3 days". */
const NAMED = {
  0: 'chores:frequency.anytime',
  1: 'chores:frequency.daily',
  7: 'chores:frequency.weekly',
  14: 'chores:frequency.biweekly',
  30: 'chores:frequency.monthly',
} as const;

function isNamed(days: number): days is keyof typeof NAMED {
  return Object.hasOwn(NAMED, days);
}

/** Anytime, Daily, Every 2 days, Weekly, Bi-weekly, Monthly. */
export function frequencyLabel(days: number): string {
  return isNamed(days) ? i18n.t(NAMED[days]) : i18n.t('chores:frequency.every', { count: days });
}

/** What the frequency select offers. */
export function frequencyOptions(): { value: string; label: string }[] {
  return FREQUENCY_DAYS.map((days) => ({ value: String(days), label: frequencyLabel(days) }));
}
