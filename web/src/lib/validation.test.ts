import { describe, expect, it } from 'vitest';

import { toAmount, validateAmount } from './validation';

describe('validateAmount', () => {
  const check = (value: string) => validateAmount(value, 'Base reward');

  it('accepts amounts of 0 or more with at most two decimals', () => {
    for (const value of ['0', '1', '1.5', '1.50', ' 12.05 ', '.5']) expect(check(value)).toBeUndefined();
  });

  it('names the field in each message', () => {
    expect(check(' ')).toBe('Base reward is required');
    expect(check('abc')).toBe('Base reward must be a number');
    expect(check('1e3')).toBe('Base reward must be a number');
    expect(check('-1')).toBe('Base reward cannot be negative');
    expect(check('1.005')).toBe('Base reward can have at most two decimals');
  });
});

describe('toAmount', () => {
  it('rounds to cents', () => {
    expect(toAmount(' 2.5 ')).toBe(2.5);
    expect(toAmount('0.1')).toBe(0.1);
    expect(toAmount('19.99')).toBe(19.99);
  });
});
