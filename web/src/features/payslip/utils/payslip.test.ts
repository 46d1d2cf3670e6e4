import { describe, expect, it } from 'vitest';

import type { Statement } from '../api/statement';
import { addDays, entriesOf, kindOf, mondayOf, weekOf } from './payslip';

describe('payslip weeks', () => {
  it('run Monday to Sunday, from any day of them', () => {
    expect(mondayOf('2030-01-09')).toBe('2030-01-07');
    expect(mondayOf('2030-01-07')).toBe('2030-01-07');
    expect(mondayOf('2030-01-13')).toBe('2030-01-07');
    expect(mondayOf('2030-02-30')).toBeNull();
    expect(weekOf(null, '2030-01-09')).toEqual({ from: '2030-01-07', to: '2030-01-13' });
    expect(weekOf('2029-12-31', '2030-01-09')).toEqual({ from: '2029-12-31', to: '2030-01-06' });
    expect(weekOf('nonsense', '2030-01-09')).toEqual({ from: '2030-01-07', to: '2030-01-13' });
    expect(addDays('2030-01-07', -7)).toBe('2029-12-31');
  });
});

describe('payslip entries', () => {
  it('gather the lines of one movement and name unknown kinds generically', () => {
    const line = (kind: string, sourceId: string, jar: 'SPEND' | 'SAVE' | 'GIVE', amount: number) => ({
      id: `${sourceId}-${jar}`,
      occurredAt: '2030-01-08T12:00:00Z',
      kind,
      jar,
      amount,
      notes: '',
      sourceId,
      breakdown: null,
    });
    const statement = {
      childId: 'c',
      from: '2030-01-07',
      to: '2030-01-13',
      timeZone: 'UTC',
      opening: 0,
      closing: 3.6,
      earned: 3.6,
      jars: [],
      lines: [
        line('CHORE', 's1', 'SPEND', 2.52),
        line('CHORE', 's1', 'SAVE', 0.72),
        line('CHORE', 's1', 'GIVE', 0.36),
        line('TRANSFER', 't1', 'SPEND', -1),
        line('TRANSFER', 't1', 'SAVE', 1),
      ],
    } satisfies Statement;
    const entries = entriesOf(statement);
    expect(entries.map((e) => [e.kind, e.amount, e.parts.length])).toEqual([
      ['CHORE', 3.6, 3],
      ['TRANSFER', 0, 2],
    ]);
    expect(kindOf('ALLOWANCE')).toBe('ALLOWANCE');
    expect(kindOf('SOMETHING_NEW')).toBe('OTHER');
  });
});
