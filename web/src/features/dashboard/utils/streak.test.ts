import { describe, expect, it } from 'vitest';

import { weekStreak } from './streak';

/** Eight weeks, oldest first, from the amounts given (this week last). */
const weeks = (...amounts: number[]) => amounts.map((amount, index) => ({ weekStart: `2030-01-${String(index + 1).padStart(2, '0')}`, amount }));

describe('weekStreak', () => {
  it('counts the weeks in a row with earnings, up to this one', () => {
    expect(weekStreak(weeks(0, 0, 5, 0, 2, 1, 3, 4))).toEqual({ weeks: 4, orMore: false, thisWeek: true });
  });

  it("keeps last week's run while this week has nothing yet", () => {
    expect(weekStreak(weeks(0, 0, 0, 0, 0, 2, 1, 0))).toEqual({ weeks: 2, orMore: false, thisWeek: false });
  });

  it('is broken by a week without earnings before last week', () => {
    expect(weekStreak(weeks(1, 1, 1, 1, 1, 1, 0, 0))).toEqual({ weeks: 0, orMore: false, thisWeek: false });
  });

  it('says a run as long as the figures go may be longer', () => {
    expect(weekStreak(weeks(1, 1, 1, 1, 1, 1, 1, 1))).toEqual({ weeks: 8, orMore: true, thisWeek: true });
    expect(weekStreak(weeks(1, 1, 1, 1, 1, 1, 1, 0))).toEqual({ weeks: 7, orMore: true, thisWeek: false });
  });

  it('is nothing without figures, or with only penalties', () => {
    expect(weekStreak([])).toEqual({ weeks: 0, orMore: false, thisWeek: false });
    expect(weekStreak(weeks(0, 0, -1))).toEqual({ weeks: 0, orMore: false, thisWeek: false });
  });
});
