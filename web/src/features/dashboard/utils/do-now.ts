import type { Chore, TodayChore, TodayStatus } from '@/types/api';

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

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone`; in the browser's zone if it is unknown. */
export function dateIn(instant: string, timeZone: string): string | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  }
}

/** Whole days from the family's `today` (YYYY-MM-DD) to the day `instant` falls on there; 0 for later today. */
export function daysUntil(instant: string, today: string, timeZone: string): number {
  const day = dateIn(instant, timeZone);
  if (!day) return 0;
  const utc = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  return Math.max(0, Math.round((utc(day) - utc(today)) / 86_400_000));
}
