import { describe, expect, it } from 'vitest';

import { doNowList } from './do-now';
import { availabilityByChore } from '@/lib/chores';
import { buildChore } from '@/testing/chores';
import type { ChoreAvailability } from '@/types/api';

const dishes = buildChore({ id: 'c-dishes', name: 'Wash dishes' });
const bed = buildChore({ id: 'c-bed', name: 'Make bed' });
const lawn = buildChore({ id: 'c-lawn', name: 'Mow lawn' });
const windows = buildChore({ id: 'c-windows', name: 'Clean windows' });
const plants = buildChore({ id: 'c-plants', name: 'Water plants' });

const open = (choreId: string): ChoreAvailability => ({ choreId, isAvailable: true, nextAvailableAt: null, daysRemaining: 0 });
const lockedUntil = (choreId: string, nextAvailableAt: string | null, daysRemaining = 1): ChoreAvailability => ({
  choreId,
  isAvailable: false,
  nextAvailableAt,
  daysRemaining,
});

describe('doNowList', () => {
  it('lists the doable chores by name and the locked ones soonest back first', () => {
    const list = doNowList(
      [dishes, bed, lawn, windows, plants],
      availabilityByChore([
        open(dishes.id),
        lockedUntil(lawn.id, '2030-03-09T00:00:00Z', 5),
        lockedUntil(windows.id, '2030-03-05T00:00:00Z', 1),
        lockedUntil(plants.id, null),
      ]),
    );
    // Make bed is not in the availability list (added since): it counts as doable, as the server takes it.
    expect(list.doable.map((chore) => chore.name)).toEqual(['Make bed', 'Wash dishes']);
    expect(list.locked.map((item) => item.chore.name)).toEqual(['Clean windows', 'Mow lawn', 'Water plants']);
    expect(list.locked[0]?.availability.nextAvailableAt).toBe('2030-03-05T00:00:00Z');
  });

  it('never offers a locked chore as doable', () => {
    const list = doNowList([lawn], availabilityByChore([lockedUntil(lawn.id, '2030-03-09T00:00:00Z')]));
    expect(list.doable).toEqual([]);
    expect(list.locked).toHaveLength(1);
  });

  it('gives two empty lists without chores', () => {
    expect(doNowList([], new Map())).toEqual({ doable: [], locked: [] });
  });
});
