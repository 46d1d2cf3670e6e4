import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { TodayPage } from './today-page';
import { WeekView, addDays, choreText } from './week-view';
import { jsonResponse, userWithRole } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';
import type { Week, WeekChore, WeekDay } from '@/types/api';
import { formatCalendarDate } from '@/utils/format';

const ZONE = 'America/New_York';
const dishes = (swapped = false): WeekChore => ({ choreId: 'dishes', name: 'Dishes', mode: 'ROTATE', dueAt: null, swapped });
const beds: WeekChore = { choreId: 'beds', name: 'Beds', mode: 'EACH', dueAt: '2030-01-09T13:00:00Z', swapped: false };
const trash: WeekChore = { choreId: 'trash', name: 'Trash', mode: 'FIRST_COME', dueAt: null, swapped: false };

/** Seven days from `from`, each with the chores `of` gives its index. */
function days(from: string, of: (index: number) => WeekChore[], paused: number[] = []): WeekDay[] {
  return Array.from({ length: 7 }, (_, index) => ({
    date: addDays(from, index),
    paused: paused.includes(index),
    chores: of(index),
  }));
}

function week(from: string): Week {
  return {
    from,
    to: addDays(from, 6),
    timeZone: ZONE,
    children: [
      { childId: 'lily', childName: 'Lily', days: days(from, (i) => (i % 2 === 0 ? [dishes(i === 3)] : [trash])) },
      {
        childId: 'max',
        childName: 'Max',
        days: days(from, (i) => (i === 2 ? [beds, dishes(true)] : i % 2 === 1 ? [dishes()] : []), [5]),
      },
    ],
  };
}

function stubWeek() {
  return stubApi(({ path }) => {
    const match = /^\/chores\/week(?:\?from=(\d{4}-\d{2}-\d{2}))?$/.exec(path);
    if (match) return jsonResponse(200, week(match[1] ?? '2030-01-07'));
    if (path === '/chores/today') return jsonResponse(200, { date: '2030-01-07', timeZone: ZONE, children: [] });
    if (path === '/missed' || path === '/children') return jsonResponse(200, []);
    return undefined;
  });
}

/** Each row of the grid: the child, then each day's text. */
async function grid() {
  const table = await screen.findByRole('table', { name: /^Who does what/ });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('WeekView', () => {
  it('shows a row per child and a column per day, with due times, swaps, first come and paused days', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    const { requests } = stubWeek();
    renderWithProviders(<WeekView />);

    const rows = await grid();
    const day = (date: string) => formatCalendarDate(date, date, { weekday: 'short', month: 'short', day: 'numeric' });
    expect(rows[0]).toEqual(['Child', ...Array.from({ length: 7 }, (_, i) => day(addDays('2030-01-07', i)))]);
    expect(rows[1]).toEqual([
      'Lily',
      'Dishes',
      'Trash (first to do it)',
      'Dishes',
      'Trash (first to do it)',
      'Dishes',
      'Trash (first to do it)',
      'Dishes',
    ]);
    expect(rows[2]).toEqual(['Max', '–Nothing', 'Dishes', 'Beds, by 8:00 AMDishes (swapped)', 'Dishes', '–Nothing', 'Paused', '–Nothing']);
    expect(
      screen.getByRole('heading', { name: `${formatCalendarDate('2030-01-07')} – ${formatCalendarDate('2030-01-13')}` }),
    ).toBeTruthy();
    expect(screen.getByText(/can be done any day, so they are not listed here/)).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual(['/chores/week']);
  });

  it('moves a week back and forth and returns to this week', async () => {
    const user = userEvent.setup();
    signIn(userWithRole('ORG_ADMIN'));
    const { requests } = stubWeek();
    renderWithProviders(<WeekView />);

    await grid();
    expect(screen.getByRole('button', { name: 'This week' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('heading', { name: new RegExp(`^${formatCalendarDate('2030-01-14')}`) });
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await screen.findByRole('heading', { name: new RegExp(`^${formatCalendarDate('2029-12-31')}`) });
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await screen.findByRole('heading', { name: new RegExp(`^${formatCalendarDate('2030-01-07')}`) });
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toEqual([
        '/chores/week',
        '/chores/week?from=2030-01-14',
        '/chores/week?from=2030-01-07',
        '/chores/week?from=2029-12-31',
        // This week again, refreshed.
        '/chores/week',
      ]),
    );
  });

  it('is the second tab of the Today screen', async () => {
    const user = userEvent.setup();
    signIn(userWithRole('ORG_ADMIN'));
    stubWeek();
    renderWithProviders(<TodayPage />);

    const tabs = await screen.findByRole('tablist', { name: 'Today or the week' });
    expect(within(tabs).getByRole('tab', { name: 'Today' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(tabs).getByRole('tab', { name: 'Week' }));
    expect(await screen.findByRole('table', { name: /^Who does what/ })).toBeTruthy();
    expect(screen.getByText('Who does what on each day of the week.')).toBeTruthy();
  });

  it('says how a chore is the child\'s in words', () => {
    expect(choreText(beds, ZONE)).toBe('Beds, by 8:00 AM');
    expect(choreText({ ...beds, mode: 'ROTATE', swapped: true }, ZONE)).toBe('Beds, by 8:00 AM (swapped)');
    expect(choreText(trash, ZONE)).toBe('Trash (first to do it)');
    expect(addDays('2030-12-29', 7)).toBe('2031-01-05');
    expect(addDays('2030-03-04', -7)).toBe('2030-02-25');
  });
});
