import { describe, expect, it } from 'vitest';

import {
  choiceOf,
  parseDecimal,
  toAmount,
  validateAmount,
  validateCurrentPassword,
  validateNewPassword,
  validatePasswordConfirmation,
} from './validation';

describe('validateAmount', () => {
  const check = (value: string) => validateAmount(value, 'baseReward');

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

describe('parseDecimal', () => {
  const points = { min: 0, max: 5, decimals: 1 };

  it('reads plain decimals within the range', () => {
    expect(parseDecimal('0', points)).toBe(0);
    expect(parseDecimal(' 4.5 ', points)).toBe(4.5);
    expect(parseDecimal('4.50', points)).toBe(4.5);
    expect(parseDecimal('5', points)).toBe(5);
    expect(parseDecimal('.5', points)).toBe(0.5);
  });

  it.each(['', 'abc', '-1', '5.1', '4.25', '1e0', '+1'])('refuses %j', (value) => {
    expect(parseDecimal(value, points)).toBeNull();
  });
});

describe('choiceOf', () => {
  const sizes = ['S', 'M', 'L'] as const;

  it('reads the choice the text names', () => {
    expect(choiceOf('M', sizes)).toBe('M');
  });

  it('falls back to the first choice for any other text', () => {
    expect(choiceOf('XL', sizes)).toBe('S');
    expect(choiceOf('', sizes)).toBe('S');
  });
});

describe('validateCurrentPassword', () => {
  it('asks for the password, of any length, as it is typed', () => {
    expect(validateCurrentPassword('')).toBe('Current password is required');
    expect(validateCurrentPassword(' ')).toBeUndefined();
    expect(validateCurrentPassword('x')).toBeUndefined();
  });
});

describe('validateNewPassword', () => {
  it('asks for a password of at least 6 characters', () => {
    expect(validateNewPassword('')).toBe('Password is required');
    expect(validateNewPassword('12345')).toBe('Password must be at least 6 characters');
    expect(validateNewPassword('123456')).toBeUndefined();
  });
});

describe('validatePasswordConfirmation', () => {
  it('asks for the same password again', () => {
    expect(validatePasswordConfirmation('secret1', 'secret2')).toBe('Passwords do not match');
    expect(validatePasswordConfirmation('secret1', 'secret1')).toBeUndefined();
  });
});
