import { describe, expect, it } from 'vitest';

import { dateIn, daysUntil, doNowList, everyChoreToDo } from './do-now';
import { buildChore } from '@/testing/chores';
import type { TodayChore, TodayStatus } from '@/types/api';

const item = (name: string, status: TodayStatus, more: Partial<TodayChore> = {}): TodayChore => ({
  chore: buildChore({ id: `c-${name}`, name }),
  status,
  ...more,
});

const names = (list: TodayChore[]) => list.map((entry) => entry.chore.name);

describe('doNowList', () => {
  it('puts what can be done now first, due at a time soonest first, then by name', () => {
    const list = doNowList([
      item('Wash dishes', 'TODO'),
      item('Make bed', 'LATE', { dueAt: '2030-03-04T08:00:00Z' }),
      item('Feed cat', 'DUE_SOON', { dueAt: '2030-03-04T07:30:00Z' }),
      item('Clean windows', 'TODO'),
    ]);
    expect(names(list.doable)).toEqual(['Feed cat', 'Make bed', 'Clean windows', 'Wash dishes']);
    expect(list.locked).toEqual([]);
    expect(list.others).toEqual([]);
  });

  it('keeps done and locked chores apart, soonest back first, those with no date last', () => {
    const list = doNowList([
      item('Water plants', 'DONE', { nextAvailableAt: null }),
      item('Mow lawn', 'COOLDOWN', { nextAvailableAt: '2030-03-09T00:00:00Z' }),
      item('Make bed', 'DONE', { nextAvailableAt: '2030-03-05T00:00:00Z' }),
    ]);
    expect(names(list.locked)).toEqual(['Make bed', 'Mow lawn', 'Water plants']);
    expect(list.doable).toEqual([]);
  });

  it("lists apart what is not the child's now: a sibling's turn, taken, missed, paused", () => {
    const list = doNowList([
      item('Take out bins', 'NOT_YOUR_TURN', { turn: { id: 'k2', name: 'Sam' } }),
      item('Feed cat', 'TAKEN', { takenBy: { id: 'k2', name: 'Sam' } }),
      item('Make bed', 'MISSED'),
      item('Sweep', 'PAUSED'),
      item('Wash dishes', 'TODO'),
    ]);
    expect(names(list.others)).toEqual(['Feed cat', 'Make bed', 'Sweep', 'Take out bins']);
    expect(names(list.doable)).toEqual(['Wash dishes']);
  });

  it('offers every chore when today cannot be loaded', () => {
    expect(everyChoreToDo([buildChore()]).map((entry) => entry.status)).toEqual(['TODO']);
  });
});

describe('days until a chore comes back', () => {
  it("counts calendar days in the family's time zone", () => {
    expect(dateIn('2030-03-04T23:30:00Z', 'Europe/Berlin')).toBe('2030-03-05');
    expect(dateIn('2030-03-04T23:30:00Z', 'America/New_York')).toBe('2030-03-04');
    expect(daysUntil('2030-03-05T09:00:00Z', '2030-03-03', 'UTC')).toBe(2);
    expect(daysUntil('2030-03-04T23:00:00Z', '2030-03-04', 'Europe/Berlin')).toBe(1);
    expect(daysUntil('2030-03-04T18:00:00Z', '2030-03-04', 'UTC')).toBe(0);
  });
});
