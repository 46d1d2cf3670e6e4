import type { MultiplierSettings } from '../types';
import { i18n } from '@/lib/i18n';
import { parseDecimal, type DecimalRange, type FieldErrors } from '@/lib/validation';

export type MultiplierKey = keyof MultiplierSettings;

/** The Reward Multipliers form, as typed. */
export type MultipliersFormValues = Record<MultiplierKey, string>;

export interface MultiplierGroup {
  /** The section's name: settings:multipliers.groups.<group>. */
  group: 'grades' | 'behaviour' | 'streaks';
  /** Each field's label is settings:multipliers.fields.<key>. */
  fields: ReadonlyArray<{ key: MultiplierKey; defaultValue: number }>;
}

/** The form's sections and the defaults of spec §9 (shown as hints). */
export const MULTIPLIER_GROUPS: readonly MultiplierGroup[] = [
  {
    group: 'grades',
    fields: [
      { key: 'gradeA', defaultValue: 1.5 },
      { key: 'gradeB', defaultValue: 1.3 },
      { key: 'gradeC', defaultValue: 1.0 },
      { key: 'gradeD', defaultValue: 0.8 },
      { key: 'gradeF', defaultValue: 0.5 },
    ],
  },
  {
    group: 'behaviour',
    fields: [
      { key: 'behaviourExcellent', defaultValue: 1.2 },
      { key: 'behaviourPoor', defaultValue: 0.8 },
    ],
  },
  {
    group: 'streaks',
    fields: [
      { key: 'streak7', defaultValue: 1.1 },
      { key: 'streak30', defaultValue: 1.25 },
      { key: 'streak90', defaultValue: 1.5 },
    ],
  },
];

const MULTIPLIER_FIELDS = MULTIPLIER_GROUPS.flatMap((group) => group.fields);
const MULTIPLIER_KEYS: readonly MultiplierKey[] = MULTIPLIER_FIELDS.map(({ key }) => key);

export const MULTIPLIER_RANGE: DecimalRange = { min: 0.1, max: 5, decimals: 2 };

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
  return mapKeys((key) =>
    parseDecimal(values[key], MULTIPLIER_RANGE) === null ? i18n.t('validation:multipliersInvalid') : undefined,
  );
}

/** The body of PUT /multipliers. Call it on valid values only. */
export function toMultiplierSettings(values: MultipliersFormValues): MultiplierSettings {
  return mapKeys((key) => parseDecimal(values[key], MULTIPLIER_RANGE) ?? 1);
}
