import { describe, expect, it } from 'vitest';

import { choreFormOf, toChoreInput, validateChore } from './chore-form';
import { frequencyLabel } from './frequency';
import { buildChore } from '@/testing/chores';

const noErrors = (errors: Partial<Record<string, string>>) => Object.values(errors).filter(Boolean);

describe('validateChore', () => {
  const valid = { ...choreFormOf(null), name: 'Sweep', categoryId: 'cat-k', baseReward: '1.25' };

  it('requires name, category and base reward', () => {
    expect(validateChore(choreFormOf(null))).toEqual({
      name: 'Name is required',
      categoryId: 'Category is required',
      baseReward: 'Base reward is required',
      frequencyDays: undefined,
    });
    expect(noErrors(validateChore(valid))).toEqual([]);
  });

  it('accepts only the offered frequencies', () => {
    for (const days of ['0', '1', '2', '3', '7', '14', '30']) {
      expect(validateChore({ ...valid, frequencyDays: days }).frequencyDays).toBeUndefined();
    }
    for (const days of ['', '5', '31', 'x']) {
      expect(validateChore({ ...valid, frequencyDays: days }).frequencyDays).toBe(
        'Please choose how often the chore can be done',
      );
    }
  });
});

describe('chore form values', () => {
  it('start daily, without a photo', () => {
    expect(choreFormOf(null)).toMatchObject({ frequencyDays: '1', requiresPhoto: false });
  });

  it('round-trip an existing chore', () => {
    const chore = buildChore({ baseReward: 2, frequencyDays: 14, requiresPhoto: true });
    expect(toChoreInput(choreFormOf(chore))).toEqual({
      name: chore.name,
      description: chore.description,
      baseReward: 2,
      categoryId: chore.categoryId,
      frequencyDays: 14,
      requiresPhoto: true,
    });
  });
});

describe('frequencyLabel', () => {
  it('names the offered frequencies and counts other days', () => {
    expect([0, 1, 2, 3, 7, 14, 30].map(frequencyLabel)).toEqual([
      'Anytime',
      'Daily',
      'Every 2 days',
      'Every 3 days',
      'Weekly',
      'Bi-weekly',
      'Monthly',
    ]);
    expect(frequencyLabel(5)).toBe('Every 5 days');
  });
});
