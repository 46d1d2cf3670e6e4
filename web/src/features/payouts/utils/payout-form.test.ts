import { describe, expect, it } from 'vitest';

import { EMPTY_PAYOUT, spendJarHint, toPayoutInput, validatePayout, type SpendJar } from './payout-form';

describe('validatePayout', () => {
  const valid = { childId: 'child-1', amount: '1.50', notes: '' };

  it('requires the child and the amount', () => {
    expect(validatePayout(EMPTY_PAYOUT)).toEqual({ childId: 'Child is required', amount: 'Amount is required' });
    expect(validatePayout(valid)).toEqual({ childId: undefined, amount: undefined });
  });

  it('takes amounts above 0 with at most two decimals', () => {
    const amount = (value: string) => validatePayout({ ...valid, amount: value }).amount;
    expect(amount('0.01')).toBeUndefined();
    expect(amount('0')).toBe('Amount must be greater than 0');
    expect(amount('0.00')).toBe('Amount must be greater than 0');
    expect(amount('-1')).toBe('Amount cannot be negative');
    expect(amount('1.005')).toBe('Amount can have at most two decimals');
    expect(amount('abc')).toBe('Amount must be a number');
  });
});

describe('validatePayout against the spend jar', () => {
  const sam: SpendJar = { name: 'Sam', spend: 8, unit: 'MONEY' };
  const amount = (value: string, jar?: SpendJar) =>
    validatePayout({ childId: 'child-1', amount: value, notes: '' }, jar).amount;

  it('takes up to what the spend jar holds, to the cent', () => {
    expect(amount('8', sam)).toBeUndefined();
    expect(amount('8.00', sam)).toBeUndefined();
    expect(amount('0.3', { ...sam, spend: 0.1 + 0.2 })).toBeUndefined();
    expect(amount('8.01', sam)).toBe("Sam's spend jar has only $8.00");
    expect(amount('0.01', { ...sam, spend: 0 })).toBe("Sam's spend jar has only $0.00");
  });

  it("says the jar in the child's unit, and leaves other mistakes their own message", () => {
    expect(amount('4', { name: 'Alex', spend: 3, unit: 'POINTS' })).toBe("Alex's spend jar has only 3.00 pts");
    expect(amount('0', sam)).toBe('Amount must be greater than 0');
    expect(amount('9.999', sam)).toBe('Amount can have at most two decimals');
  });

  it('leaves the amount to the server while the jar is not known', () => {
    expect(amount('1000')).toBeUndefined();
  });

  it('says what the jar holds', () => {
    expect(spendJarHint(sam)).toBe("Available to pay out: $8.00 in Sam's spend jar.");
  });
});

describe('toPayoutInput', () => {
  it('sends the amount as a number of dollars and trims the notes', () => {
    expect(toPayoutInput({ childId: 'child-1', amount: ' 2.5 ', notes: ' Cinema ' })).toEqual({
      childId: 'child-1',
      amount: 2.5,
      notes: 'Cinema',
    });
  });
});
