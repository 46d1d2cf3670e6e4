import { describe, expect, it } from 'vitest';

import { toSignedAmount, validateBalanceAdjustment } from './balance-adjustment';

describe('validateBalanceAdjustment', () => {
  const amountError = (amount: string) => validateBalanceAdjustment({ amount, notes: 'Because' }).amount;

  it('requires the notes with the product text', () => {
    expect(validateBalanceAdjustment({ amount: '+1', notes: '  ' }).notes).toBe(
      'Please provide a reason for the balance adjustment',
    );
  });

  it.each(['+10.00', '-5.50', '10', '10.5', '+.5', '-0.01', '7.'])('accepts %j', (amount) => {
    expect(amountError(amount)).toBeUndefined();
  });

  it.each(['ten', '+-1', '10.005', '1,000', '1e3', '$5'])('refuses %j', (amount) => {
    expect(amountError(amount)).toBe('Amount must be a signed amount such as +10.00 or -5.50');
  });

  it('requires an amount that is not zero', () => {
    expect(amountError(' ')).toBe('Amount is required');
    expect(amountError('+0.00')).toBe('Amount cannot be zero');
  });
});

describe('toSignedAmount', () => {
  it('always sends a sign and two decimals', () => {
    expect(toSignedAmount('10')).toBe('+10.00');
    expect(toSignedAmount(' +7.5 ')).toBe('+7.50');
    expect(toSignedAmount('-5.5')).toBe('-5.50');
    expect(toSignedAmount('.25')).toBe('+0.25');
  });
});
