import { describe, expect, it } from 'vitest';

import { formatFactor, gpaText, gradePointsText, multiplierSummary } from './format';

describe('multipliers', () => {
  it('show one or two decimals', () => {
    expect([1, 1.5, 1.25, 1.5625].map(formatFactor)).toEqual(['1.0', '1.5', '1.25', '1.56']);
  });

  it('sum up as the total and its parts', () => {
    expect(
      multiplierSummary({ total: 1.56, grade: 1.3, behaviour: 1.2, streak: 1, bonusesDisabled: false, streakDays: 3 }),
    ).toBe('× 1.56 — grade 1.3 · behaviour 1.2 · streak 1.0');
  });
});

describe('gpaText', () => {
  it('shows two decimals, or N/A without a GPA', () => {
    expect(gpaText(3.25)).toBe('GPA 3.25');
    expect(gpaText(4)).toBe('GPA 4.00');
    expect(gpaText(null)).toBe('GPA N/A');
  });

  it('names grade points with one decimal', () => {
    expect(gradePointsText(3)).toBe('3.0 points');
  });
});
