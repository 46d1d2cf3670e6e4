import { afterEach, describe, expect, it } from 'vitest';

import { assignmentText, dueText, periodText, type ChoreSchedule } from './schedule';
import { i18n } from '@/lib/i18n';

const names: Record<string, string> = { a: 'Lily', b: 'Max', c: 'Sam' };
const nameOf = (id: string) => names[id];
const plain: ChoreSchedule = { assignedChildIds: [], assignmentMode: 'EACH', dueDays: [], dueTime: null, frequencyDays: 1 };

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('assignmentText', () => {
  it('says who does a chore in plain words, for each way of sharing it', () => {
    expect(assignmentText(plain, nameOf)).toBe('Every child can do it, each on their own.');
    expect(assignmentText({ ...plain, assignedChildIds: ['a'] }, nameOf)).toBe('Lily does it on their own.');
    expect(assignmentText({ ...plain, assignedChildIds: ['a', 'b', 'c'] }, nameOf)).toBe('Lily, Max, and Sam each do it on their own.');
    expect(assignmentText({ ...plain, assignmentMode: 'ROTATE', assignedChildIds: ['b', 'a'] }, nameOf)).toBe(
      'Max and Lily take turns, one each day.',
    );
    expect(assignmentText({ ...plain, assignmentMode: 'ROTATE', assignedChildIds: ['a'] }, nameOf)).toBe(
      'Choose at least two children to take turns.',
    );
    expect(assignmentText({ ...plain, assignmentMode: 'FIRST_COME', assignedChildIds: ['a', 'b'], frequencyDays: 7 }, nameOf)).toBe(
      'The first of Lily and Max to do it each week takes it.',
    );
    expect(assignmentText({ ...plain, assignmentMode: 'FIRST_COME' }, nameOf)).toBe('The first child to do it each day takes it.');
  });

  it('leaves out children it cannot name (one who has left)', () => {
    expect(assignmentText({ ...plain, assignmentMode: 'ROTATE', assignedChildIds: ['a', 'gone', 'b'] }, nameOf)).toBe(
      'Lily and Max take turns, one each day.',
    );
  });

  it('speaks Spanish and German', async () => {
    const rotate: ChoreSchedule = { ...plain, assignmentMode: 'ROTATE', assignedChildIds: ['a', 'b'] };
    await i18n.changeLanguage('es');
    expect(assignmentText(rotate, nameOf)).toBe('Lily y Max se turnan, uno cada día.');
    await i18n.changeLanguage('de');
    expect(assignmentText(rotate, nameOf)).toBe('Lily und Max wechseln sich ab, eines jeden Tag.');
  });
});

describe('periodText', () => {
  it('is a due day for a chore with due days, else the frequency', () => {
    expect(periodText({ dueDays: [1], frequencyDays: 7 })).toBe('each due day');
    expect(periodText({ dueDays: [], frequencyDays: 0 })).toBe('each day');
    expect(periodText({ dueDays: [], frequencyDays: 1 })).toBe('each day');
    expect(periodText({ dueDays: [], frequencyDays: 7 })).toBe('each week');
    expect(periodText({ dueDays: [], frequencyDays: 3 })).toBe('every 3 days');
  });
});

describe('dueText', () => {
  it('names the due days, Monday first, and the time', () => {
    expect(dueText({ dueDays: [], dueTime: null })).toBeNull();
    expect(dueText({ dueDays: [5, 1, 3], dueTime: null })).toBe('Mon, Wed, Fri');
    expect(dueText({ dueDays: [6, 7], dueTime: '09:00' })).toBe('Sat, Sun by 9:00 AM');
    expect(dueText({ dueDays: [1, 2, 3, 4, 5, 6, 7], dueTime: '19:30' })).toBe('Every day by 7:30 PM');
  });
});
