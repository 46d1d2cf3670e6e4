import { describe, expect, it } from 'vitest';

import { allowanceValues, toAllowance, toInterest, validateAllowance, validateInterest } from './allowance-forms';

describe('the allowance form', () => {
  it('starts from a weekly allowance on Saturdays when none is set', () => {
    expect(
      allowanceValues({ childId: 'c', amount: 0, period: 'WEEKLY', day: 6, minApprovedChores: 0, nextPayDay: null }),
    ).toEqual({ amount: '', period: 'WEEKLY', weekday: '6', monthDay: '1', minApprovedChores: '0' });
  });

  it('sends the day of the chosen period', () => {
    const values = { amount: '5', period: 'MONTHLY', weekday: '6', monthDay: '31', minApprovedChores: '3' };
    expect(validateAllowance(values)).toEqual({});
    expect(toAllowance(values)).toEqual({ amount: 5, period: 'MONTHLY', day: 31, minApprovedChores: 3 });
    expect(toAllowance({ ...values, period: 'WEEKLY' }).day).toBe(6);
  });

  it('refuses amounts that are not dollars and cents up to 1000, and days past 31', () => {
    const values = { amount: '1.005', period: 'MONTHLY', weekday: '6', monthDay: '32', minApprovedChores: '-1' };
    expect(Object.keys(validateAllowance(values)).sort()).toEqual(['amount', 'minApprovedChores', 'monthDay']);
    expect(validateAllowance({ ...values, amount: '1000.01', monthDay: '1', minApprovedChores: '0' }).amount).toBeTruthy();
    expect(validateAllowance({ ...values, amount: '0', monthDay: '1', minApprovedChores: '0' })).toEqual({});
  });

  it('takes interest from 0 to 10 percent in hundredths', () => {
    expect(validateInterest({ percent: '1.5' })).toEqual({});
    expect(toInterest({ percent: '1.5' })).toEqual({ percentPerMonth: 1.5 });
    expect(validateInterest({ percent: '10.01' }).percent).toBeTruthy();
    expect(validateInterest({ percent: '1.234' }).percent).toBeTruthy();
  });
});
