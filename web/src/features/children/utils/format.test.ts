import { describe, expect, it } from 'vitest';

import { gpaText, gradePointsText } from './format';

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
