import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { TodayPage } from './today-page';
import { buildChore } from '@/testing/chores';
import { jsonResponse, userWithRole } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';
import type { MissedChore, Today, TodayChore } from '@/types/api';
import { formatCalendarDate, formatDate, formatTime } from '@/utils/format';

const lily = { id: 'child-1', name: 'Lily' };
const max = { id: 'child-2', name: 'Max' };
const bins = buildChore({ id: 'bins', name: 'Take out bins', assignmentMode: 'ROTATE', assignedChildIds: [lily.id, max.id] });
const dishes = buildChore({ id: 'dishes', name: 'Wash dishes' });
const bed = buildChore({ id: 'bed', name: 'Make bed', dueDays: [1, 2, 3, 4, 5, 6, 7], dueTime: '09:00' });
const dog = buildChore({ id: 'dog', name: 'Walk dog', assignmentMode: 'FIRST_COME' });
const plants = buildChore({ id: 'plants', name: 'Water plants', frequencyDays: 7 });
const lawn = buildChore({ id: 'lawn', name: 'Mow lawn' });

const DUE = '2030-03-04T14:00:00Z';
const BACK = '2030-03-08T05:00:00Z';
const item = (chore: TodayChore['chore'], status: TodayChore['status'], extra: Partial<TodayChore> = {}): TodayChore => ({
  chore,
  status,
  ...extra,
});

const today: Today = {
  date: '2030-03-04',
  timeZone: 'America/New_York',
  children: [
    {
      childId: lily.id,
      childName: lily.name,
      chores: [
        item(bed, 'LATE', { dueAt: DUE }),
        item(bins, 'TODO', { turn: lily }),
        item(dishes, 'DONE', { submission: { id: 's1', status: 'PENDING', late: true } }),
        item(dog, 'TAKEN', { takenBy: max }),
        item(plants, 'COOLDOWN', { nextAvailableAt: BACK }),
      ],
    },
    {
      childId: max.id,
      childName: max.name,
      chores: [
        item(bed, 'DUE_SOON', { dueAt: DUE }),
        item(bins, 'NOT_YOUR_TURN', { turn: lily, nextAvailableAt: BACK }),
        item(dog, 'DONE'),
        item(lawn, 'PAUSED'),
        item(dishes, 'MISSED'),
      ],
    },
    { childId: 'child-3', childName: 'Sam', chores: [] },
  ],
};

/** Max is away until Thursday: his turn of the bins passed to Lily. */
const maxAway: Today = {
  ...today,
  children: [
    { childId: lily.id, childName: lily.name, chores: [item(bins, 'TODO', { turn: lily })] },
    { childId: max.id, childName: max.name, chores: [item(bins, 'PAUSED', { turn: lily })], pausedUntil: '2030-03-07' },
  ],
};

const maxMissed: MissedChore = {
  id: 'missed-1',
  choreId: bed.id,
  choreName: 'Make bed',
  child: max,
  dueOn: '2030-03-03',
  dueAt: '2030-03-03T14:00:00Z',
  penalty: 1,
  excusedAt: null,
  excuse: '',
};
const lilyExcused: MissedChore = { ...maxMissed, id: 'missed-2', child: lily, excusedAt: '2030-03-04T08:00:00Z', excuse: 'ill' };

function stubToday() {
  let missed = [maxMissed, lilyExcused];
  return stubApi(({ method, path, body }) => {
    if (path === '/chores/today') return jsonResponse(200, today);
    if (path === '/children') return jsonResponse(200, [{ ...lily, rewardDisplayType: 'MONEY' }, { ...max, rewardDisplayType: 'POINTS' }]);
    if (method === 'GET' && path === '/missed') return jsonResponse(200, missed);
    if (method === 'POST' && path === '/missed/missed-1/excuse') {
      const { reason } = body as { reason: string };
      missed = missed.map((m) => (m.id === 'missed-1' ? { ...m, excusedAt: '2030-03-04T09:00:00Z', excuse: reason } : m));
      return jsonResponse(200, missed[0]);
    }
    if (method === 'POST' && path === '/chores/bins/turns/swap') {
      return jsonResponse(200, { choreId: 'bins', turns: [{ startsOn: '2030-03-04', endsOn: '2030-03-04', child: max, swapped: true }] });
    }
    return undefined;
  });
}

/** Each row of a child's list: its chore and what it says. */
async function rowsOf(name: string) {
  const list = await screen.findByRole('list', { name: `${name}'s chores today` });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => [row.getAttribute('aria-label'), row.textContent]);
}

describe('TodayPage', () => {
  it("shows each child's chores with their status in words, due times in the family's zone", async () => {
    signIn(userWithRole('ORG_ADMIN'));
    stubToday();
    renderWithProviders(<TodayPage />);

    expect(await screen.findByRole('heading', { name: 'Today', level: 1 })).toBeTruthy();
    expect(
      await screen.findByText(`Each child's chores for ${formatCalendarDate('2030-03-04')} and where each stands; times in America/New_York.`),
    ).toBeTruthy();
    const due = `Due by ${formatTime(DUE, 'America/New_York')}`;
    expect(due).toBe('Due by 9:00 AM');
    expect(await rowsOf('Lily')).toEqual([
      ['Make bed', `Make bed${due}Late`],
      ['Take out bins', 'Take out binsTo doSwap turns'],
      ['Wash dishes', 'Wash dishesSent lateDone'],
      ['Walk dog', 'Walk dogTaken by Max'],
      ['Water plants', `Water plantsAvailable again on ${formatDate(BACK)}Done recently`],
    ]);
    expect(await rowsOf('Max')).toEqual([
      ['Make bed', `Make bed${due}Due soon`],
      ['Take out bins', `Take out binsTheir turn comes on ${formatDate(BACK)}Lily's turn`],
      ['Walk dog', 'Walk dogDone'],
      ['Mow lawn', 'Mow lawnPaused'],
      ['Wash dishes', 'Wash dishesMissed'],
    ]);
    expect(screen.getByText('Nothing for Sam today.')).toBeTruthy();
    const late = within(screen.getByRole('list', { name: "Lily's chores today" })).getByRole('listitem', { name: 'Make bed' });
    expect(within(late).getByText('Late').className).toContain('badge--danger');
  });

  it('swaps the turn of a chore in turns from the row of the child who has it', async () => {
    const user = userEvent.setup();
    signIn(userWithRole('ORG_ADMIN'));
    const { requests } = stubToday();
    renderWithProviders(<TodayPage />);

    const lilyList = await screen.findByRole('list', { name: "Lily's chores today" });
    // Only the holder's row offers it.
    expect(within(screen.getByRole('list', { name: "Max's chores today" })).queryByRole('button')).toBeNull();
    await user.click(within(lilyList).getByRole('button', { name: 'Swap turns: Take out bins' }));
    const dialog = screen.getByRole('dialog', { name: 'Swap turns: Take out bins' });
    expect(within(dialog).getByLabelText('Give this turn to')).toHaveProperty('value', max.id);
    await user.click(within(dialog).getByRole('button', { name: 'Swap' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/chores/bins/turns/swap', body: { childId: max.id, date: null } },
    ]);
    // Today's lists load again.
    await waitFor(() => expect(requests.filter((request) => request.path === '/chores/today')).toHaveLength(2));
  });

  it("says until when a child is paused, and their turn passed on is swapped from the holder's row", async () => {
    signIn(userWithRole('ORG_ADMIN'));
    stubApi(({ path }) => {
      if (path === '/chores/today') return jsonResponse(200, maxAway);
      if (path === '/children') return jsonResponse(200, []);
      if (path === '/missed') return jsonResponse(200, []);
      return undefined;
    });
    renderWithProviders(<TodayPage />);

    expect(await rowsOf('Max')).toEqual([['Take out bins', 'Take out binsPaused']]);
    const maxCard = screen.getByRole('list', { name: "Max's chores today" }).parentElement!;
    expect(within(maxCard).getByText(`Paused until ${formatCalendarDate('2030-03-07')}`)).toBeTruthy();
    expect(within(maxCard).queryByRole('button')).toBeNull();
    const lilyList = screen.getByRole('list', { name: "Lily's chores today" });
    expect(within(lilyList).getByRole('button', { name: 'Swap turns: Take out bins' })).toBeTruthy();
    expect(screen.getAllByText(/^Paused until/)).toHaveLength(1);
  });

  it('lists the misses not yet excused under their child and excuses one', async () => {
    const user = userEvent.setup();
    signIn(userWithRole('ORG_ADMIN'));
    const { requests } = stubToday();
    renderWithProviders(<TodayPage />);

    const missed = await screen.findByRole('list', { name: "Max's missed chores" });
    const row = within(missed).getByRole('listitem', { name: 'Make bed' });
    const date = formatCalendarDate('2030-03-03');
    expect(row.textContent).toBe(`Make bedDue ${date}, nothing sentMissedExcuse`);
    // Lily's was excused: nothing to do.
    expect(screen.queryByRole('list', { name: "Lily's missed chores" })).toBeNull();

    await user.click(within(row).getByRole('button', { name: `Excuse Make bed for Max, due ${date}` }));
    const dialog = screen.getByRole('dialog', { name: 'Excuse Make bed' });
    expect(await within(dialog).findByText(/penalty of 1\.00 pts took/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Away');
    await user.click(within(dialog).getByRole('button', { name: 'Excuse' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: "Max's missed chores" })).toBeNull());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/missed/missed-1/excuse', body: { reason: 'Away' } },
    ]);
  });
});
