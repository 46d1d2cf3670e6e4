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
      missedPenalty: undefined,
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
      assignedChildIds: [],
      assignmentMode: 'EACH',
      dueDays: [],
      dueTime: null,
      missedPenalty: 0,
    });
  });

  it('send back the assignment and schedule of the chore edited, so a PUT keeps them', () => {
    const chore = buildChore({
      assignedChildIds: ['child-b', 'child-a'],
      assignmentMode: 'ROTATE',
      dueDays: [1, 3, 5],
      dueTime: '09:00',
      missedPenalty: 0.5,
    });
    const values = { ...choreFormOf(chore), name: 'Dishes after dinner' };
    expect(values.missedPenalty).toBe('0.50');
    expect(toChoreInput(values)).toMatchObject({
      name: 'Dishes after dinner',
      // Turn order is the list's order: kept as it was.
      assignedChildIds: ['child-b', 'child-a'],
      assignmentMode: 'ROTATE',
      dueDays: [1, 3, 5],
      dueTime: '09:00',
      missedPenalty: 0.5,
    });
  });

  it('send the missed penalty only with due days: a chore without them has none', () => {
    const values = { ...choreFormOf(null), name: 'Make bed', categoryId: 'cat-k', baseReward: '1' };
    expect(values.missedPenalty).toBe('');
    expect(toChoreInput({ ...values, dueDays: [1] }).missedPenalty).toBe(0);
    expect(toChoreInput({ ...values, dueDays: [1], missedPenalty: ' 1.25 ' }).missedPenalty).toBe(1.25);
    // Due days taken off: the penalty (hidden with them) goes too, as PUT replaces the whole chore.
    expect(toChoreInput({ ...values, dueDays: [], missedPenalty: '1.25' }).missedPenalty).toBe(0);
    expect(choreFormOf(buildChore({ dueDays: [2], missedPenalty: 0 })).missedPenalty).toBe('');
  });

  it('send a new chore for every child, unscheduled, unless chosen otherwise', () => {
    const values = { ...choreFormOf(null), name: 'Sweep', categoryId: 'cat-k', baseReward: '1' };
    expect(toChoreInput(values)).toMatchObject({ assignedChildIds: [], assignmentMode: 'EACH', dueDays: [], dueTime: null });
    expect(
      toChoreInput({ ...values, assignedChildIds: ['a'], assignmentMode: 'FIRST_COME', dueDays: [7, 2], dueTime: ' 18:30 ' }),
    ).toMatchObject({ assignedChildIds: ['a'], assignmentMode: 'FIRST_COME', dueDays: [2, 7], dueTime: '18:30' });
  });
});

describe('validateChore on who and when', () => {
  const valid = { ...choreFormOf(null), name: 'Sweep', categoryId: 'cat-k', baseReward: '1.25' };

  it('asks for two children to take turns', () => {
    expect(validateChore({ ...valid, assignmentMode: 'ROTATE', assignedChildIds: ['a'] }).assignedChildIds).toBe(
      'Choose at least two children to take turns',
    );
    expect(noErrors(validateChore({ ...valid, assignmentMode: 'ROTATE', assignedChildIds: ['a', 'b'] }))).toEqual([]);
  });

  it('checks the due time and takes it without due days', () => {
    expect(validateChore({ ...valid, dueTime: '25:00', dueDays: [1] }).dueTime).toBe(
      'Due time must be a time of day as HH:MM, from 00:00 to 23:59',
    );
    // A time alone is due every day: nothing to refuse.
    expect(validateChore({ ...valid, dueTime: '09:00' }).dueTime).toBeUndefined();
    expect(noErrors(validateChore({ ...valid, dueTime: '09:00', dueDays: [6, 7] }))).toEqual([]);
  });
});

describe('validateChore on the missed penalty', () => {
  const scheduled = { ...choreFormOf(null), name: 'Make bed', categoryId: 'cat-k', baseReward: '1' };

  it('checks it as the server does: a number, not negative, whole cents, at most 10000.00', () => {
    const errorOf = (missedPenalty: string) => validateChore({ ...scheduled, dueDays: [1], missedPenalty }).missedPenalty;
    expect(errorOf('abc')).toBe('Missed penalty must be a number');
    expect(errorOf('-1')).toBe('Missed penalty cannot be negative');
    expect(errorOf('0.125')).toBe('Missed penalty can have at most two decimals');
    expect(errorOf('10000.01')).toBe('Missed penalty must be at most 10000.00');
    for (const fine of ['', '0', '1.5', '1.500', '10000', '10000.00']) expect(errorOf(fine)).toBeUndefined();
  });

  it('leaves it alone without due days, where it is not shown and 0 is sent', () => {
    expect(validateChore({ ...scheduled, dueDays: [], missedPenalty: '-1' }).missedPenalty).toBeUndefined();
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
