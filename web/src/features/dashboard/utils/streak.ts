import type { WeekEarnings } from '../types';

/** A child's run of weeks with an approved chore, as the dashboard's weekly earnings show it. */
export interface WeekStreak {
  /** Weeks in a row, up to this one, whose chores earned something. */
  weeks: number;
  /** The run goes back to the first week the dashboard has (8): it may be longer. */
  orMore: boolean;
  /** This week already counts; when it does not (yet), the run is last week's and is kept by a chore this week. */
  thisWeek: boolean;
}

/**
 * The weeks in a row with an approved chore, from the dashboard's chore
 * earnings per week (oldest first, this week last). A week is not over until
 * it ends: while this week has nothing yet, the run up to last week stands.
 * A child cannot read the day streak of their multiplier (GET /children is
 * for parents), so the TEEN home counts what the child's own figures hold.
 */
export function weekStreak(weeks: readonly WeekEarnings[]): WeekStreak {
  const earned = weeks.map((week) => week.amount > 0);
  const thisWeek = earned.at(-1) ?? false;
  let start = thisWeek ? earned.length - 1 : earned.length - 2;
  let count = 0;
  while (start >= 0 && earned[start]) {
    count += 1;
    start -= 1;
  }
  return { weeks: count, orMore: count > 0 && start < 0, thisWeek };
}
