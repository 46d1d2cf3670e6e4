import { describe, expect, it } from 'vitest';

import { EMPTY_PAYOUT, toPayoutInput, validatePayout } from './payout-form';

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

describe('toPayoutInput', () => {
  it('sends the amount as a number of dollars and trims the notes', () => {
    expect(toPayoutInput({ childId: 'child-1', amount: ' 2.5 ', notes: ' Cinema ' })).toEqual({
      childId: 'child-1',
      amount: 2.5,
      notes: 'Cinema',
    });
  });
});
