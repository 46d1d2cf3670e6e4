import { describe, expect, it } from 'vitest';

import { availabilityByChore, daysRemainingText, groupByCategory, isLocked, lockedText, nextAvailableText } from './chores';
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
