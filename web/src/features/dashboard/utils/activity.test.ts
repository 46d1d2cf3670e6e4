import { describe, expect, it } from 'vitest';

import type { ChildHistoryItem } from '../types';
import { activityRows, notesById } from './activity';
import { buildSubmission } from '@/testing/chores';
import { formatDate } from '@/utils/format';

const reviewed: ChildHistoryItem[] = [
  { id: 's-ok', chore: { name: 'Wash dishes', category: { name: 'Kitchen' } }, approved: true, boostedReward: 1.8, reviewedAt: '2024-05-07T10:00:00Z' },
  { id: 's-no', chore: { name: 'Mow lawn', category: { name: '' } }, approved: false, boostedReward: 5, reviewedAt: '2024-05-06T10:00:00Z' },
];

describe('activityRows', () => {
  it('puts what waits for review first, newest first, then the reviewed chores with their notes', () => {
    const older = buildSubmission({ id: 'p-1', submittedAt: '2024-05-08T09:00:00Z', baseReward: 1.5 });
    const newer = buildSubmission({ id: 'p-2', submittedAt: '2024-05-09T09:00:00Z', baseReward: 2 });
    const rows = activityRows([older, newer], reviewed, new Map([['s-no', 'Still messy']]));

    expect(rows.map((row) => [row.key, row.status])).toEqual([
      ['p-2', 'PENDING'],
      ['p-1', 'PENDING'],
      ['s-ok', 'APPROVED'],
      ['s-no', 'REJECTED'],
    ]);
    expect(rows[0]).toMatchObject({ name: 'Wash dishes', category: 'Kitchen', when: `Sent ${formatDate('2024-05-09T09:00:00Z')}`, reward: 2, note: '' });
    expect(rows[2]).toMatchObject({ when: formatDate('2024-05-07T10:00:00Z'), reward: 1.8, note: '' });
    expect(rows[3]).toMatchObject({ category: 'Uncategorized', reward: 5, note: 'Still messy' });
  });

  it('is empty with nothing sent', () => {
    expect(activityRows([], [], new Map())).toEqual([]);
  });
});

describe('notesById', () => {
  it("keeps the parents' notes that say something", () => {
    const notes = notesById([buildSubmission({ id: 'a', adminNotes: 'Great job!' }), buildSubmission({ id: 'b', adminNotes: '' })]);
    expect([...notes]).toEqual([['a', 'Great job!']]);
  });
});
