import type { Chore, TodayChore, TodayStatus } from '@/types/api';
import { dateIn, daysBetween } from '@/utils/format';

/** The child's chores of today as the home lists them. */
export interface DoNowList {
  /** To do now (TODO, DUE_SOON, LATE): due at a time first, soonest first, then by name. */
  doable: TodayChore[];
  /** Done for now or in the spec's lock (DONE, COOLDOWN): soonest back first, those with no date last. */
  locked: TodayChore[];
  /** Not the child's now (NOT_YOUR_TURN, TAKEN, MISSED, PAUSED): by name. */
  others: TodayChore[];
}

const DOABLE: readonly TodayStatus[] = ['TODO', 'DUE_SOON', 'LATE'];
const LOCKED: readonly TodayStatus[] = ['DONE', 'COOLDOWN'];

/** Whether the child can send the chore now. */
export function isDoable(item: TodayChore): boolean {
  return DOABLE.includes(item.status);
}

const byName = (a: TodayChore, b: TodayChore) => a.chore.name.localeCompare(b.chore.name);

function timeOf(value: string | null | undefined): number {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

/** Splits today's chores (GET /chores/today) by what the child can do with them. */
export function doNowList(today: readonly TodayChore[]): DoNowList {
  const list: DoNowList = { doable: [], locked: [], others: [] };
  for (const item of today) {
    if (isDoable(item)) list.doable.push(item);
    else if (LOCKED.includes(item.status)) list.locked.push(item);
    else list.others.push(item);
  }
  list.doable.sort((a, b) => timeOf(a.dueAt) - timeOf(b.dueAt) || byName(a, b));
  list.locked.sort((a, b) => timeOf(a.nextAvailableAt) - timeOf(b.nextAvailableAt) || byName(a, b));
  list.others.sort(byName);
  return list;
}

/**
 * When today's list cannot be loaded: every chore, to do, as the server
 * decides when it is sent (it refuses one that is not the child's now).
 */
export function everyChoreToDo(chores: readonly Chore[]): TodayChore[] {
  return chores.map((chore) => ({ chore, status: 'TODO' }));
}

// The calendar date of an instant in the family's time zone (shared with the texts that count days).
export { dateIn };

/** Whole days from the family's `today` (YYYY-MM-DD) to the day `instant` falls on there; 0 for later today. */
export function daysUntil(instant: string, today: string, timeZone: string): number {
  const day = dateIn(instant, timeZone);
  if (!day) return 0;
  return Math.max(0, daysBetween(today, day));
}
