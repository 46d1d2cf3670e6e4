import { afterEach, describe, expect, it } from 'vitest';

import {
  availabilityByChore,
  daysRemainingText,
  groupByCategory,
  isLocked,
  lockedText,
  nextAvailableText,
  sentChoreOf,
} from './chores';
import { i18n } from './i18n';
import { formatDateTime } from '@/utils/format';

const kitchen = { id: 'cat-k', name: 'Kitchen' };
const garden = { id: 'cat-g', name: 'Garden' };

describe('groupByCategory', () => {
  it('groups chores under their category, both sorted by name', () => {
    const groups = groupByCategory([
      { name: 'Wash dishes', category: kitchen },
      { name: 'Mow lawn', category: garden },
      { name: 'Empty dishwasher', category: kitchen },
    ]);
    expect(groups.map((group) => [group.name, group.chores.map((chore) => chore.name)])).toEqual([
      ['Garden', ['Mow lawn']],
      ['Kitchen', ['Empty dishwasher', 'Wash dishes']],
    ]);
  });

  it('puts chores without a category under Uncategorized', () => {
    expect(groupByCategory([{ name: 'Feed cat', category: null }])).toEqual([
      { name: 'Uncategorized', chores: [{ name: 'Feed cat', category: null }] },
    ]);
  });
});

describe('availability', () => {
  const later = { choreId: 'c1', isAvailable: false, nextAvailableAt: '2030-03-05T09:00:00Z', daysRemaining: 2 };

  it('looks availability up by chore', () => {
    expect(availabilityByChore([later]).get('c1')).toBe(later);
  });

  it('says when a chore opens again', () => {
    expect(nextAvailableText(later)).toBe(`Available again on ${formatDateTime(later.nextAvailableAt)} (in 2 days)`);
    expect(nextAvailableText({ ...later, nextAvailableAt: null })).toBe('Not available yet');
  });

  it('calls a chore locked only when availability says it is not available', () => {
    expect(isLocked(later)).toBe(true);
    expect(isLocked({ ...later, isAvailable: true })).toBe(false);
    expect(isLocked(undefined)).toBe(false);
  });

  it('marks a locked chore in few words, with when it comes back', () => {
    expect(lockedText(later)).toBe(`locked until ${formatDateTime(later.nextAvailableAt)} (in 2 days)`);
    expect(lockedText({ ...later, nextAvailableAt: null })).toBe('locked for now');
  });

  it('counts the days left', () => {
    expect(daysRemainingText(0)).toBe('later today');
    expect(daysRemainingText(1)).toBe('in 1 day');
    expect(daysRemainingText(7)).toBe('in 7 days');
  });
});

describe('availability in the words of a KIDS child', () => {
  // Sunday 3 March 2030 in the family's zone; back on Tuesday the 5th.
  const later = { choreId: 'c1', isAvailable: false, nextAvailableAt: '2030-03-05T09:00:00Z', daysRemaining: 2 };
  const kids = { context: 'kids', family: { date: '2030-03-03', timeZone: 'UTC' } } as const;

  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says in days they count when a chore comes back, without a time', () => {
    expect(nextAvailableText(later, kids)).toBe('You can do it again on Tuesday.');
    expect(nextAvailableText({ ...later, nextAvailableAt: '2030-03-04T00:00:00Z' }, kids)).toBe('You can do it again tomorrow.');
    expect(nextAvailableText({ ...later, nextAvailableAt: '2030-03-03T18:00:00Z' }, kids)).toBe('You can do it again later today.');
    expect(nextAvailableText({ ...later, nextAvailableAt: '2030-03-20T09:00:00Z' }, kids)).toBe('You can do it again on March 20.');
    expect(nextAvailableText({ ...later, nextAvailableAt: null }, kids)).toBe('Not yet');
    expect(lockedText(later, kids)).toBe('ready again on Tuesday');
    expect(lockedText({ ...later, nextAvailableAt: null }, kids)).toBe('not yet');
  });

  it('keeps the date, time and days left for TEEN and ADULT (no context)', () => {
    const plain = { family: kids.family };
    expect(nextAvailableText(later, plain)).toBe(`Available again on ${formatDateTime(later.nextAvailableAt)} (in 2 days)`);
    expect(lockedText(later, plain)).toBe(`locked until ${formatDateTime(later.nextAvailableAt)} (in 2 days)`);
  });

  it('speaks German and Spanish too', async () => {
    await i18n.changeLanguage('de');
    expect(nextAvailableText(later, kids)).toBe('Du kannst sie am Dienstag wieder machen.');
    expect(nextAvailableText({ ...later, nextAvailableAt: '2030-03-04T00:00:00Z' }, kids)).toBe('Du kannst sie morgen wieder machen.');
    expect(lockedText(later, kids)).toBe('am Dienstag wieder da');
    await i18n.changeLanguage('es');
    expect(nextAvailableText(later, kids)).toBe('Puedes hacerla otra vez el martes.');
    expect(lockedText({ ...later, nextAvailableAt: '2030-03-04T00:00:00Z' }, kids)).toBe('lista otra vez mañana');
  });
});

describe('sentChoreOf', () => {
  it("reads the chore just sent from the router's state, and nothing else", () => {
    expect(sentChoreOf({ sentChore: 'Wash dishes' })).toBe('Wash dishes');
    expect(sentChoreOf({ sentChore: '' })).toBeNull();
    expect(sentChoreOf({ sentChore: 3 })).toBeNull();
    expect(sentChoreOf({ other: 'x' })).toBeNull();
    expect(sentChoreOf(null)).toBeNull();
    expect(sentChoreOf('Wash dishes')).toBeNull();
  });
});
