import { describe, expect, it } from 'vitest';

import type { ChildHistoryItem } from '../types';
import { approvalsToCelebrate, CELEBRATION_WINDOW_DAYS, REMEMBERED_MAX, rememberCelebrated } from './celebrations';

const now = new Date('2024-05-10T12:00:00Z');
const item = (id: string, approved: boolean, reviewedAt: string | null): ChildHistoryItem => ({
  id,
  chore: { name: `Chore ${id}`, category: { name: 'Kitchen' } },
  approved,
  boostedReward: 2,
  reviewedAt,
});

describe('approvalsToCelebrate', () => {
  const items = [
    item('new', true, '2024-05-10T11:00:00Z'),
    item('rejected', false, '2024-05-10T10:00:00Z'),
    item('seen', true, '2024-05-09T10:00:00Z'),
    item('old', true, '2024-05-01T10:00:00Z'),
    item('unreviewed', true, null),
  ];

  it('celebrates approvals not celebrated yet, only recent ones and never rejections', () => {
    expect(approvalsToCelebrate(items, new Set(['seen']), now).map((entry) => entry.id)).toEqual(['new']);
  });

  it('celebrates nothing twice', () => {
    const first = approvalsToCelebrate(items, new Set(), now);
    expect(first.map((entry) => entry.id)).toEqual(['new', 'seen']);
    const remembered = new Set(rememberCelebrated([], first));
    expect(approvalsToCelebrate(items, remembered, now)).toEqual([]);
  });

  it(`leaves out approvals older than ${CELEBRATION_WINDOW_DAYS} days`, () => {
    const edge = new Date(now.getTime() - CELEBRATION_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
    expect(approvalsToCelebrate([item('edge', true, edge)], new Set(), now)).toHaveLength(1);
    const older = new Date(Date.parse(edge) - 1000).toISOString();
    expect(approvalsToCelebrate([item('older', true, older)], new Set(), now)).toEqual([]);
  });

  it('skips items without an id, which it could not remember', () => {
    expect(approvalsToCelebrate([item('', true, '2024-05-10T11:00:00Z')], new Set(), now)).toEqual([]);
  });
});

describe('rememberCelebrated', () => {
  it('puts the new ids first, once each, and keeps at most the limit', () => {
    expect(rememberCelebrated(['b', 'a'], [item('c', true, null), item('b', true, null)])).toEqual(['c', 'b', 'a']);
    const many = Array.from({ length: REMEMBERED_MAX }, (_, index) => `old-${index}`);
    const kept = rememberCelebrated(many, [item('new', true, null)]);
    expect(kept).toHaveLength(REMEMBERED_MAX);
    expect(kept[0]).toBe('new');
    expect(kept).not.toContain(`old-${REMEMBERED_MAX - 1}`);
  });
});
