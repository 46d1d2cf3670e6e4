import { describe, expect, it } from 'vitest';

import { formatReward } from './format';

describe('formatReward', () => {
  it('shows money in dollars', () => {
    expect(formatReward(12.5, 'MONEY')).toBe('$12.50');
    expect(formatReward(-5.5, 'MONEY')).toBe('-$5.50');
    expect(formatReward(1234.5, 'MONEY')).toBe('$1,234.50');
  });

  it('shows screen time in hours and points in pts', () => {
    expect(formatReward(12.5, 'SCREEN_TIME')).toBe('12.50 hrs');
    expect(formatReward(12.5, 'POINTS')).toBe('12.50 pts');
    expect(formatReward(0, 'POINTS')).toBe('0.00 pts');
  });

  it('shows a custom reward as a plain number', () => {
    expect(formatReward(12.5, 'CUSTOM')).toBe('12.50');
    expect(formatReward(1234.567, 'CUSTOM')).toBe('1,234.57');
  });

  it('reads numeric strings and treats anything else as zero', () => {
    expect(formatReward('3', 'SCREEN_TIME')).toBe('3.00 hrs');
    expect(formatReward(undefined, 'POINTS')).toBe('0.00 pts');
    expect(formatReward(7, undefined)).toBe('$7.00');
  });
});
