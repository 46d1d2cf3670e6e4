import { describe, expect, it } from 'vitest';

import { availabilityByChore, daysRemainingText, groupByCategory, nextAvailableText } from './chores';
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

  it('counts the days left', () => {
    expect(daysRemainingText(0)).toBe('later today');
    expect(daysRemainingText(1)).toBe('in 1 day');
    expect(daysRemainingText(7)).toBe('in 7 days');
  });
});
