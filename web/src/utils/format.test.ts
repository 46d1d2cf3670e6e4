import { afterEach, describe, expect, it } from 'vitest';

import { formatCalendarDate, formatDate, formatDateTime, formatMoney, formatReward, fullName } from './format';
import { i18n } from '@/lib/i18n';

describe('formatMoney', () => {
  it('shows dollars with two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(1234.567)).toBe('$1,234.57');
    expect(formatMoney(-5.5)).toBe('-$5.50');
  });

  it('treats numeric strings as numbers and anything else as zero', () => {
    expect(formatMoney('7.1')).toBe('$7.10');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney('abc')).toBe('$0.00');
  });
});

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

  it('reads numeric strings, treats anything else as zero, and shows dollars when the unit is unknown', () => {
    expect(formatReward('3', 'SCREEN_TIME')).toBe('3.00 hrs');
    expect(formatReward(undefined, 'POINTS')).toBe('0.00 pts');
    expect(formatReward(7, undefined)).toBe('$7.00');
  });
});

describe('formatDate', () => {
  it('falls back for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date', 'Never')).toBe('Never');
    expect(formatDate('2024-03-05T12:00:00Z')).toMatch(/2024/);
  });
});

describe('formatCalendarDate', () => {
  it('shows the same calendar day in every time zone', () => {
    const expected = new Date(2015, 2, 5).toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(formatCalendarDate('2015-03-05')).toBe(expected);
  });

  it('takes other formats', () => {
    expect(formatCalendarDate('2024-05-06', '—', { month: 'short', day: 'numeric' })).toBe(
      new Date(2024, 4, 6).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    );
  });

  it('falls back for missing or malformed dates', () => {
    expect(formatCalendarDate(null)).toBe('—');
    expect(formatCalendarDate('05/03/2015', 'Not set')).toBe('Not set');
  });
});

describe('fullName', () => {
  it('joins the parts that are present', () => {
    expect(fullName({ firstName: 'Jane', lastName: 'Doe' })).toBe('Jane Doe');
    expect(fullName({ firstName: 'Jane', lastName: null })).toBe('Jane');
    expect(fullName({})).toBe('');
  });
});

describe('in the chosen language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps the US format in English', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatReward(12.5, 'SCREEN_TIME')).toBe('12.50 hrs');
    expect(formatCalendarDate('2015-03-05')).toBe('March 5, 2015');
  });

  // Intl keeps the amount and the currency together with a no-break space (\u00a0).
  it('writes Spanish numbers, money, units and dates', async () => {
    await i18n.changeLanguage('es');
    expect(formatMoney(5)).toBe('5,00\u00a0US$');
    // Spanish groups thousands from five digits on.
    expect(formatMoney(1234.5)).toBe('1234,50\u00a0US$');
    expect(formatMoney(12345.5)).toBe('12.345,50\u00a0US$');
    expect(formatMoney(-5.5)).toBe('-5,50\u00a0US$');
    expect(formatReward(12.5, 'SCREEN_TIME')).toBe('12,50 h');
    expect(formatReward(12.5, 'POINTS')).toBe('12,50 pts');
    expect(formatReward(1234.567, 'CUSTOM')).toBe('1234,57');
    expect(formatCalendarDate('2015-03-05')).toBe('5 de marzo de 2015');
    expect(formatDate('2024-03-05T12:00:00')).toBe('5 de marzo de 2024');
    expect(formatDateTime('2024-03-05T14:03:00')).toBe('5 mar 2024, 14:03');
  });

  it('writes German numbers, money, units and dates', async () => {
    await i18n.changeLanguage('de');
    expect(formatMoney(5)).toBe('5,00\u00a0$');
    expect(formatMoney(1234.5)).toBe('1.234,50\u00a0$');
    expect(formatReward(12.5, 'SCREEN_TIME')).toBe('12,50 Std.');
    expect(formatReward(12.5, 'POINTS')).toBe('12,50 Pkt.');
    expect(formatCalendarDate('2015-03-05')).toBe('5. März 2015');
    expect(formatDateTime('2024-03-05T14:03:00')).toBe('5. März 2024, 14:03');
  });

  it('keeps the fallbacks it is given', async () => {
    await i18n.changeLanguage('de');
    expect(formatDate(null, 'Nie')).toBe('Nie');
    expect(formatMoney('abc')).toBe('0,00\u00a0$');
  });
});
