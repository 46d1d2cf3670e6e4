import { isLocked } from '@/lib/chores';
import type { Chore, ChoreAvailability } from '@/types/api';

export interface LockedChore {
  chore: Chore;
  availability: ChoreAvailability;
}

/** The child's chores as the home lists them: what can be done now, and what is locked and until when. */
export interface DoNowList {
  /** By name. */
  doable: Chore[];
  /** Soonest back first; those with no date last; then by name. */
  locked: LockedChore[];
}

const byName = (a: Chore, b: Chore) => a.name.localeCompare(b.name);

function backAt(item: LockedChore): number {
  const time = item.availability.nextAvailableAt ? Date.parse(item.availability.nextAvailableAt) : Number.NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

/**
 * Splits the chores by availability (GET /submissions/availability). A chore
 * the availability does not name counts as doable, as the server takes it
 * (a chore added since the availability was read, say).
 */
export function doNowList(chores: readonly Chore[], availability: ReadonlyMap<string, ChoreAvailability>): DoNowList {
  const doable: Chore[] = [];
  const locked: LockedChore[] = [];
  for (const chore of chores) {
    const waiting = availability.get(chore.id);
    if (isLocked(waiting)) locked.push({ chore, availability: waiting });
    else doable.push(chore);
  }
  locked.sort((a, b) => backAt(a) - backAt(b) || byName(a.chore, b.chore));
  return { doable: doable.sort(byName), locked };
}
