import type { ChildHistoryItem } from '../types';

/**
 * An approval older than this is not celebrated, even if this browser never
 * celebrated it (a new phone, cleared storage): it is old news by then.
 */
export const CELEBRATION_WINDOW_DAYS = 7;

/** How many celebrated approvals a browser remembers per child: more than the home ever lists. */
export const REMEMBERED_MAX = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The approvals among `items` not celebrated yet and reviewed within the window, newest first as given. */
export function approvalsToCelebrate(
  items: readonly ChildHistoryItem[],
  celebrated: ReadonlySet<string>,
  now: Date = new Date(),
): ChildHistoryItem[] {
  const since = now.getTime() - CELEBRATION_WINDOW_DAYS * DAY_MS;
  return items.filter((item) => {
    if (!item.approved || !item.id || celebrated.has(item.id)) return false;
    const reviewed = item.reviewedAt ? Date.parse(item.reviewedAt) : Number.NaN;
    return !Number.isNaN(reviewed) && reviewed >= since;
  });
}

/** What to remember after celebrating `fresh`: its ids first, then the earlier ones, at most REMEMBERED_MAX. */
export function rememberCelebrated(previous: readonly string[], fresh: readonly ChildHistoryItem[]): string[] {
  const ids = [...fresh.map((item) => item.id), ...previous];
  return [...new Set(ids)].slice(0, REMEMBERED_MAX);
}
