import { i18n } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';

export interface PauseValues {
  from: string;
  to: string;
  reason: string;
}

export const REASON_MAX = 200;
export const LONGEST_DAYS = 366;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function days(value: string): number {
  const [y = 0, m = 1, d = 1] = value.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** What the server checks that the form can know: both dates, in order, at most a year, a short reason. */
export function validatePause(values: PauseValues): FieldErrors<keyof PauseValues> {
  const errors: FieldErrors<keyof PauseValues> = {};
  if (!values.from.trim()) errors.from = i18n.t('common:pauses.errors.fromRequired');
  else if (!DATE.test(values.from.trim())) errors.from = i18n.t('common:pauses.errors.date');
  if (!values.to.trim()) errors.to = i18n.t('common:pauses.errors.toRequired');
  else if (!DATE.test(values.to.trim())) errors.to = i18n.t('common:pauses.errors.date');
  if (!errors.from && !errors.to) {
    const length = days(values.to.trim()) - days(values.from.trim()) + 1;
    if (length < 1) errors.to = i18n.t('common:pauses.errors.order');
    else if (length > LONGEST_DAYS) errors.to = i18n.t('common:pauses.errors.tooLong', { days: LONGEST_DAYS });
  }
  if (values.reason.trim().length > REASON_MAX) errors.reason = i18n.t('common:pauses.errors.reason', { max: REASON_MAX });
  return errors;
}

/** Today in the browser's calendar, as YYYY-MM-DD. */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
