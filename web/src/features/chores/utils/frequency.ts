import type { FrequencyDays } from '@/types/api';

/** How often a chore may be done, in days (spec §9). */
const FREQUENCY_LABELS: readonly [[days: FrequencyDays, label: string], ...[days: FrequencyDays, label: string][]] = [
  [0, 'Anytime'],
  [1, 'Daily'],
  [2, 'Every 2 days'],
  [3, 'Every 3 days'],
  [7, 'Weekly'],
  [14, 'Bi-weekly'],
  [30, 'Monthly'],
];

export const FREQUENCY_DAYS = FREQUENCY_LABELS.map(([days]) => days) as unknown as readonly [
  FrequencyDays,
  ...FrequencyDays[],
];

export const DEFAULT_FREQUENCY_DAYS = 1;

export const FREQUENCY_OPTIONS = FREQUENCY_LABELS.map(([days, label]) => ({ value: String(days), label }));

export function frequencyLabel(days: number): string {
  return FREQUENCY_LABELS.find(([value]) => value === days)?.[1] ?? `Every ${days} days`;
}
