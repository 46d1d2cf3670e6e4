import { describe, expect, it } from 'vitest';

import { DEFAULT_MULTIPLIERS, multipliersFormOf, toMultiplierSettings, validateMultipliers } from './multipliers';

const settings = { ...DEFAULT_MULTIPLIERS, gradeA: 2, streak30: 1.25 };

describe('reward multipliers form', () => {
  it('covers the ten settings with the spec defaults', () => {
    expect(DEFAULT_MULTIPLIERS).toEqual({
      gradeA: 1.5,
      gradeB: 1.3,
      gradeC: 1,
      gradeD: 0.8,
      gradeF: 0.5,
      behaviourExcellent: 1.2,
      behaviourPoor: 0.8,
      streak7: 1.1,
      streak30: 1.25,
      streak90: 1.5,
    });
  });

  it('round-trips the settings', () => {
    const values = multipliersFormOf(settings);
    expect(values.streak30).toBe('1.25');
    expect(Object.values(validateMultipliers(values)).filter(Boolean)).toEqual([]);
    expect(toMultiplierSettings(values)).toEqual(settings);
  });

  it('takes values from 0.1 to 5.0 with two decimals at most', () => {
    const check = (value: string) => validateMultipliers({ ...multipliersFormOf(settings), gradeA: value }).gradeA;
    for (const value of ['0.1', '5', '5.00', '1.25']) expect(check(value)).toBeUndefined();
    for (const value of ['0.09', '5.01', '1.255', '', 'x', '-1']) {
      expect(check(value)).toBe('Multipliers must be from 0.1 to 5.0 with at most two decimals');
    }
  });
});
