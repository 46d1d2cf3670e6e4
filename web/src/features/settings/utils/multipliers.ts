import type { MultiplierSettings } from '../types';
import { parseDecimal, type DecimalRange, type FieldErrors } from '@/lib/validation';

export type MultiplierKey = keyof MultiplierSettings;

/** The Reward Multipliers form, as typed. */
export type MultipliersFormValues = Record<MultiplierKey, string>;

export interface MultiplierGroup {
  title: string;
  fields: ReadonlyArray<{ key: MultiplierKey; label: string; defaultValue: number }>;
}

/** The form's sections, labels and the defaults of spec §9 (shown as hints). */
export const MULTIPLIER_GROUPS: readonly MultiplierGroup[] = [
  {
    title: 'Grades',
    fields: [
      { key: 'gradeA', label: 'Grade A', defaultValue: 1.5 },
      { key: 'gradeB', label: 'Grade B', defaultValue: 1.3 },
      { key: 'gradeC', label: 'Grade C', defaultValue: 1.0 },
      { key: 'gradeD', label: 'Grade D', defaultValue: 0.8 },
      { key: 'gradeF', label: 'Grade F', defaultValue: 0.5 },
    ],
  },
  {
    title: 'Behaviour',
    fields: [
      { key: 'behaviourExcellent', label: 'Excellent behaviour (8-10)', defaultValue: 1.2 },
      { key: 'behaviourPoor', label: 'Poor behaviour (1-4)', defaultValue: 0.8 },
    ],
  },
  {
    title: 'Streaks',
    fields: [
      { key: 'streak7', label: '7-day streak', defaultValue: 1.1 },
      { key: 'streak30', label: '30-day streak', defaultValue: 1.25 },
      { key: 'streak90', label: '90-day streak', defaultValue: 1.5 },
    ],
  },
];

const MULTIPLIER_FIELDS = MULTIPLIER_GROUPS.flatMap((group) => group.fields);
const MULTIPLIER_KEYS: readonly MultiplierKey[] = MULTIPLIER_FIELDS.map(({ key }) => key);

export const MULTIPLIER_RANGE: DecimalRange = { min: 0.1, max: 5, decimals: 2 };
export const MULTIPLIER_INVALID = 'Multipliers must be from 0.1 to 5.0 with at most two decimals';

function mapKeys<T>(value: (key: MultiplierKey) => T): Record<MultiplierKey, T> {
  return Object.fromEntries(MULTIPLIER_KEYS.map((key) => [key, value(key)])) as Record<MultiplierKey, T>;
}

/** The defaults of spec §9, as shown beside each field. */
export const DEFAULT_MULTIPLIERS: MultiplierSettings = mapKeys(
  (key) => MULTIPLIER_FIELDS.find((field) => field.key === key)?.defaultValue ?? 1,
);

export function multipliersFormOf(settings: MultiplierSettings): MultipliersFormValues {
  return mapKeys((key) => (typeof settings[key] === 'number' ? String(settings[key]) : ''));
}

export function validateMultipliers(values: MultipliersFormValues): FieldErrors<MultiplierKey> {
  return mapKeys((key) => (parseDecimal(values[key], MULTIPLIER_RANGE) === null ? MULTIPLIER_INVALID : undefined));
}

/** The body of PUT /multipliers. Call it on valid values only. */
export function toMultiplierSettings(values: MultipliersFormValues): MultiplierSettings {
  return mapKeys((key) => parseDecimal(values[key], MULTIPLIER_RANGE) ?? 1);
}
