import { afterEach, describe, expect, it } from 'vitest';

import {
  addDays,
  dateIn,
  daysBetween,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMoney,
  formatRelativeDate,
  formatRelativeDay,
  formatReward,
  fullName,
} from './format';
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

describe('days on the family calendar', () => {
  it('takes the date of an instant in a time zone, and counts whole days between dates', () => {
    expect(dateIn('2030-03-04T23:30:00Z', 'Europe/Berlin')).toBe('2030-03-05');
    expect(dateIn('2030-03-04T23:30:00Z', 'America/New_York')).toBe('2030-03-04');
    expect(dateIn('not a date', 'UTC')).toBeNull();
    expect(daysBetween('2030-03-06', '2030-03-07')).toBe(1);
    expect(daysBetween('2030-12-30', '2031-01-10')).toBe(11);
    expect(daysBetween('2030-03-06', '2030-03-06')).toBe(0);
  });
});

describe('formatRelativeDay (a KIDS child: when a chore comes back)', () => {
  // Wednesday 6 March 2030 in the family's zone.
  const family = { date: '2030-03-06', timeZone: 'UTC' };

  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says later today, tomorrow, the weekday within the week, else the date without a time', () => {
    expect(formatRelativeDay('2030-03-06T18:00:00Z', family)).toBe('later today');
    expect(formatRelativeDay('2030-03-07T09:00:00Z', family)).toBe('tomorrow');
    expect(formatRelativeDay('2030-03-08T09:00:00Z', family)).toBe('on Friday');
    expect(formatRelativeDay('2030-03-12T09:00:00Z', family)).toBe('on Tuesday');
    // A week on is the same weekday as today: the date, not "on Wednesday".
    expect(formatRelativeDay('2030-03-13T09:00:00Z', family)).toBe('on March 13');
    // The year only when it is not this one.
    expect(formatRelativeDay('2031-01-10T09:00:00Z', { ...family, date: '2030-12-30' })).toBe('on January 10, 2031');
  });

  it("counts days on the family's calendar, not the browser's", () => {
    // 23:30 UTC on the 6th is already the 7th in Berlin, still the 6th in New York.
    expect(formatRelativeDay('2030-03-06T23:30:00Z', { date: '2030-03-06', timeZone: 'Europe/Berlin' })).toBe('tomorrow');
    expect(formatRelativeDay('2030-03-06T23:30:00Z', { date: '2030-03-06', timeZone: 'America/New_York' })).toBe('later today');
  });

  it("reads today from the clock in the family's time zone when the family's date is not known", () => {
    const now = new Date('2030-03-06T12:00:00Z');
    expect(formatRelativeDay('2030-03-07T08:00:00Z', { timeZone: 'UTC' }, now)).toBe('tomorrow');
    // Noon UTC is already the 7th in Auckland (UTC+13): 21:00 there that day is later today.
    expect(formatRelativeDay('2030-03-07T08:00:00Z', { timeZone: 'Pacific/Auckland' }, now)).toBe('later today');
  });

  it('speaks Spanish and German', async () => {
    await i18n.changeLanguage('es');
    expect(formatRelativeDay('2030-03-06T18:00:00Z', family)).toBe('más tarde hoy');
    expect(formatRelativeDay('2030-03-07T09:00:00Z', family)).toBe('mañana');
    expect(formatRelativeDay('2030-03-08T09:00:00Z', family)).toBe('el viernes');
    expect(formatRelativeDay('2030-03-13T09:00:00Z', family)).toBe('el 13 de marzo');

    await i18n.changeLanguage('de');
    expect(formatRelativeDay('2030-03-06T18:00:00Z', family)).toBe('später heute');
    expect(formatRelativeDay('2030-03-07T09:00:00Z', family)).toBe('morgen');
    expect(formatRelativeDay('2030-03-08T09:00:00Z', family)).toBe('am Freitag');
    expect(formatRelativeDay('2030-03-13T09:00:00Z', family)).toBe('am 13. März');
    expect(formatRelativeDay('2031-01-10T09:00:00Z', { ...family, date: '2030-12-30' })).toBe('am 10. Januar 2031');
  });
});

describe('formatRelativeDate (a KIDS child: the day a pause ends)', () => {
  const family = { date: '2030-03-06', timeZone: 'UTC' };

  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('counts calendar days from the family\'s today, as formatRelativeDay counts instants', () => {
    expect(formatRelativeDate('2030-03-07', family)).toBe('tomorrow');
    expect(formatRelativeDate('2030-03-09', family)).toBe('on Saturday');
    expect(formatRelativeDate('2030-03-20', family)).toBe('on March 20');
    // A day is a day in every zone: the browser's does not move it.
    expect(formatRelativeDate('2030-03-07', { date: '2030-03-06', timeZone: 'Pacific/Auckland' })).toBe('tomorrow');
    expect(formatRelativeDate('2030-03-07', { date: '2030-03-06', timeZone: 'America/Los_Angeles' })).toBe('tomorrow');
  });

  it('reads today from the clock when the family\'s date is not known, and shows a date it cannot count as a date', () => {
    expect(formatRelativeDate('2030-03-07', { timeZone: 'UTC' }, new Date('2030-03-06T12:00:00Z'))).toBe('tomorrow');
    expect(formatRelativeDate('2030-03-07', { date: 'soon' })).toBe(formatCalendarDate('2030-03-07'));
  });

  it('speaks Spanish and German', async () => {
    await i18n.changeLanguage('es');
    expect(formatRelativeDate('2030-03-07', family)).toBe('mañana');
    expect(formatRelativeDate('2030-03-09', family)).toBe('el sábado');
    await i18n.changeLanguage('de');
    expect(formatRelativeDate('2030-03-09', family)).toBe('am Samstag');
  });
});

describe('addDays', () => {
  it('moves a calendar day across months and years, and refuses what is not a day', () => {
    expect(addDays('2030-03-06', 1)).toBe('2030-03-07');
    expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDays('tomorrow', 1)).toBeNull();
  });
});
