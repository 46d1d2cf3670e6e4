import { describe, expect, it } from 'vitest';

import { normalizeAdminStats, normalizeChildStats } from './normalize-stats';

describe('normalizeAdminStats', () => {
  it('gives zeros and empty lists when nothing was loaded', () => {
    expect(normalizeAdminStats(undefined)).toEqual({
      totalChildren: 0,
      totalPendingSubmissions: 0,
      pendingStoreRequests: 0,
      totalBalance: 0,
      totalPaidOutThisMonth: 0,
      mostActiveChores: [],
      leastActiveChores: [],
      children: [],
      // Without one, the role is the one whose dashboard this is.
      role: 'ORG_ADMIN',
    });
  });

  it('reads the documented shape and turns numeric strings into numbers', () => {
    const stats = normalizeAdminStats({
      totalChildren: 2,
      totalPendingSubmissions: 3,
      totalBalance: '12.50',
      totalPaidOutThisMonth: 5,
      mostActiveChores: [{ chore: { id: 'c1', name: 'Dishes', category: { name: 'Kitchen' } }, completions: 4 }],
      leastActiveChores: [{ chore: { id: 'c2', name: 'Lawn', category: null }, completions: 0 }],
      children: [
        {
          id: 'k1',
          name: 'Sam',
          balance: 7.25,
          jars: { spend: 5, save: '2.25' },
          pendingSubmissions: 1,
          completedThisMonth: 6,
          completedLast30Days: 9,
          missedLast30Days: 2,
          goals: [
            { id: 'g1', childId: 'k1', name: 'Bike', emoji: '🚲', target: '120', saved: 2.25, percent: 1, reachedAt: null },
            { name: 'No id' },
          ],
        },
      ],
      pendingStoreRequests: 2,
      role: 'ORG_ADMIN',
    });
    expect(stats.totalBalance).toBe(12.5);
    expect(stats.pendingStoreRequests).toBe(2);
    expect(stats.mostActiveChores[0]).toEqual({
      chore: { id: 'c1', name: 'Dishes', category: { name: 'Kitchen' } },
      completions: 4,
    });
    expect(stats.leastActiveChores[0]?.chore.category).toEqual({ name: '' });
    expect(stats.children[0]).toEqual({
      id: 'k1',
      name: 'Sam',
      balance: 7.25,
      // A jar the answer leaves out holds nothing.
      jars: { spend: 5, save: 2.25, give: 0 },
      pendingSubmissions: 1,
      completedThisMonth: 6,
      completedLast30Days: 9,
      missedLast30Days: 2,
      // A goal without an id is left out.
      goals: [
        {
          id: 'g1',
          childId: 'k1',
          name: 'Bike',
          emoji: '🚲',
          target: 120,
          saved: 2.25,
          percent: 1,
          reachedAt: null,
          createdAt: null,
        },
      ],
    });
  });
});

describe('normalizeChildStats', () => {
  it('reads the child shape', () => {
    const stats = normalizeChildStats({
      balance: 10,
      pendingSubmissions: 1,
      completedThisMonth: 3,
      earnedThisMonth: 4.5,
      recentHistory: [
        {
          id: 's1',
          chore: { name: 'Dishes', category: { name: 'Kitchen' } },
          approved: true,
          boostedReward: 1.5,
          reviewedAt: '2024-05-01T10:00:00Z',
        },
      ],
      weeklyEarnings: [
        { weekStart: '2024-04-29', amount: '2.5' },
        { weekStart: '2024-05-06', amount: 0 },
      ],
    });
    expect(stats.earnedThisMonth).toBe(4.5);
    expect(stats.weeklyEarnings).toEqual([
      { weekStart: '2024-04-29', amount: 2.5 },
      { weekStart: '2024-05-06', amount: 0 },
    ]);
    expect(stats.recentHistory).toHaveLength(1);
    expect(stats.recentHistory[0]?.approved).toBe(true);
  });

  it('copes with the admin shape (missing child fields)', () => {
    expect(normalizeChildStats({ totalChildren: 0, children: [] })).toEqual({
      balance: 0,
      jars: { spend: 0, save: 0, give: 0 },
      pendingSubmissions: 0,
      completedThisMonth: 0,
      earnedThisMonth: 0,
      recentHistory: [],
      weeklyEarnings: [],
      goals: [],
      role: 'ORG_MEMBER',
    });
  });
});
