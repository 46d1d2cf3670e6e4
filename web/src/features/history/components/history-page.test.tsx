import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { HistoryPage } from './history-page';
import { buildChore, buildSubmission, garden } from '@/testing/chores';
import { childUser, jsonResponse, userWithRole } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';
import type { MissedChore } from '@/types/api';
import { formatCalendarDate, formatDate } from '@/utils/format';

const approved = buildSubmission({
  status: 'APPROVED',
  approved: true,
  boostedReward: 1.8,
  adminNotes: 'Great job!',
  reviewedAt: '2024-05-02T10:00:00Z',
});
const rejected = buildSubmission({
  id: 'sub-2',
  chore: buildChore({ id: 'chore-2', name: 'Mow lawn', category: garden, categoryId: garden.id }),
  status: 'REJECTED',
  approved: false,
  boostedReward: 5,
  reviewedAt: '2024-05-01T10:00:00Z',
});

function stubHistory() {
  return stubApi(({ path }) => (path === '/submissions/history' ? jsonResponse(200, [approved, rejected]) : undefined));
}

describe('HistoryPage', () => {
  it('shows approved chores in green with +reward and rejected ones in red, with notes and review date', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    stubHistory();
    renderWithProviders(<HistoryPage />);

    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Wash dishes', 'Mow lawn']);
    const [good, bad] = rows as [HTMLElement, HTMLElement];

    expect(good.className).toContain('list__row--approved');
    expect(within(good).getByText('Approved').className).toContain('badge--success');
    expect(within(good).getByText('+$1.80')).toBeTruthy();
    expect(within(good).getByText(`Kitchen · Sam · Reviewed ${formatDate(approved.reviewedAt)}`)).toBeTruthy();
    expect(within(good).getByText('Note: Great job!')).toBeTruthy();

    expect(bad.className).toContain('list__row--rejected');
    expect(within(bad).getByText('Rejected').className).toContain('badge--danger');
    expect(within(bad).getByText('$5.00')).toBeTruthy();
    expect(within(bad).queryByText(/Note:/)).toBeNull();
  });

  it("shows a parent each row in its child's unit from the children list", async () => {
    signIn(userWithRole('ORG_ADMIN'));
    const alexRejected = { ...rejected, childId: 'child-2', childName: 'Alex' };
    const { requests } = stubApi(({ path }) => {
      if (path === '/submissions/history') return jsonResponse(200, [approved, alexRejected]);
      if (path === '/children') {
        return jsonResponse(200, [
          { id: 'child-1', name: 'Sam', rewardDisplayType: 'POINTS' },
          { id: 'child-2', name: 'Alex', rewardDisplayType: 'SCREEN_TIME' },
        ]);
      }
      return undefined;
    });
    renderWithProviders(<HistoryPage />);

    const good = await screen.findByRole('listitem', { name: 'Wash dishes' });
    expect(await within(good).findByText('+1.80 pts', { exact: true })).toBeTruthy();
    const bad = screen.getByRole('listitem', { name: 'Mow lawn' });
    expect(within(bad).getByText('5.00 hrs', { exact: true })).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(requests.filter((request) => request.path === '/children')).toHaveLength(1);
  });

  it("leaves the child's own name out for a child", async () => {
    signIn(userWithRole('ORG_MEMBER'));
    stubHistory();
    renderWithProviders(<HistoryPage />);
    const row = await screen.findByRole('listitem', { name: 'Wash dishes' });
    expect(within(row).getByText(`Kitchen · Reviewed ${formatDate(approved.reviewedAt)}`)).toBeTruthy();
  });

  it("shows a child's rewards in their own unit: points, hours or a bare number", async () => {
    const { requests } = stubHistory();
    const expected = [
      ['POINTS', '+1.80 pts', '5.00 pts'],
      ['SCREEN_TIME', '+1.80 hrs', '5.00 hrs'],
      ['CUSTOM', '+1.80', '5.00'],
    ] as const;
    for (const [unit, earned, missed] of expected) {
      signIn(childUser(unit));
      const view = renderWithProviders(<HistoryPage />);
      const good = await screen.findByRole('listitem', { name: 'Wash dishes' });
      expect(within(good).getByText(earned, { exact: true })).toBeTruthy();
      const bad = screen.getByRole('listitem', { name: 'Mow lawn' });
      expect(within(bad).getByText(missed, { exact: true })).toBeTruthy();
      expect(screen.queryByText(/\$/)).toBeNull();
      view.unmount();
    }
    // A child's unit comes with their profile; the family's children list is for parents.
    expect(requests.some((request) => request.path === '/children')).toBe(false);
  });

  it('shows a child their chores waiting for review first, newest first, each saying so in the warning colour', async () => {
    signIn(childUser('MONEY'));
    const older = buildSubmission({ id: 'p-1', submittedAt: '2024-05-03T09:00:00Z', baseReward: 1.5 });
    const newer = buildSubmission({
      id: 'p-2',
      chore: buildChore({ id: 'chore-3', name: 'Feed the cat' }),
      submittedAt: '2024-05-04T09:00:00Z',
      baseReward: 2,
    });
    stubApi(({ path }) => {
      if (path === '/submissions?status=PENDING') return jsonResponse(200, [older, newer]);
      if (path === '/submissions/history') return jsonResponse(200, [approved, rejected]);
      return undefined;
    });
    renderWithProviders(<HistoryPage />);

    const waiting = await screen.findByRole('list', { name: 'Waiting for review' });
    const rows = within(waiting).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Feed the cat', 'Wash dishes']);
    const [cat] = rows as [HTMLElement];
    expect(cat.className).toContain('list__row--pending');
    expect(cat.className).not.toMatch(/list__row--(approved|rejected)/);
    expect(within(cat).getByText('Waiting for review').className).toContain('badge--warning');
    expect(within(cat).getByText(`Kitchen · Sent ${formatDate(newer.submittedAt)}`)).toBeTruthy();
    expect(within(cat).getByText('$2.00')).toBeTruthy();

    // The reviewed ones follow, as before.
    const reviewed = await screen.findByRole('list', { name: 'Reviewed chores' });
    expect(within(reviewed).getAllByRole('listitem').map((row) => row.className)).toEqual([
      expect.stringContaining('list__row--approved'),
      expect.stringContaining('list__row--rejected'),
    ]);
  });

  it("shows a parent only reviewed chores (theirs wait in Reviews), without asking for the queue", async () => {
    signIn(userWithRole('ORG_ADMIN'));
    const { requests } = stubHistory();
    renderWithProviders(<HistoryPage />);
    await screen.findByRole('list', { name: 'Reviewed chores' });
    expect(screen.queryByRole('list', { name: 'Waiting for review' })).toBeNull();
    expect(requests.some((request) => request.path.startsWith('/submissions?'))).toBe(false);
  });

  it('says when nothing has been reviewed yet', async () => {
    signIn(userWithRole('ORG_MEMBER'));
    stubApi(({ path }) => (path === '/submissions/history' ? jsonResponse(200, []) : undefined));
    renderWithProviders(<HistoryPage />);
    expect(await screen.findByText('No reviewed chores yet')).toBeTruthy();
  });
});

describe('HistoryPage: missed chores', () => {
  const bedMissed: MissedChore = {
    id: 'missed-1',
    choreId: 'chore-bed',
    choreName: 'Make bed',
    child: { id: 'child-1', name: 'Sam' },
    dueOn: '2024-05-06',
    dueAt: '2024-05-06T07:00:00Z',
    penalty: 1.5,
    excusedAt: null,
    excuse: '',
  };
  const binsExcused: MissedChore = {
    id: 'missed-2',
    choreId: 'chore-bins',
    choreName: 'Take out bins',
    child: { id: 'child-2', name: 'Alex' },
    dueOn: '2024-05-04',
    dueAt: null,
    penalty: 0.5,
    excusedAt: '2024-05-05T10:00:00Z',
    excuse: 'Away at grandma',
  };

  /**
   * History with `missed` from GET /missed; an excuse answers `excuseAnswer`
   * (by default the miss excused with the reason sent, which GET /missed then lists).
   */
  function stubMissed(missed: MissedChore[], excuseAnswer?: () => Response) {
    let list = missed;
    return stubApi(({ method, path, body }) => {
      if (path === '/submissions/history') return jsonResponse(200, [approved]);
      if (path === '/children') {
        return jsonResponse(200, [
          { id: 'child-1', name: 'Sam', rewardDisplayType: 'MONEY' },
          { id: 'child-2', name: 'Alex', rewardDisplayType: 'POINTS' },
        ]);
      }
      if (method === 'GET' && path === '/missed') return jsonResponse(200, list);
      const id = /^\/missed\/([^/]+)\/excuse$/.exec(path)?.[1];
      if (method === 'POST' && id) {
        if (excuseAnswer) return excuseAnswer();
        const { reason } = body as { reason: string };
        list = list.map((item) => (item.id === id ? { ...item, excusedAt: '2024-05-07T08:00:00Z', excuse: reason } : item));
        return jsonResponse(200, list.find((item) => item.id === id));
      }
      return undefined;
    });
  }

  it('shows a parent each miss with child, date and penalty, and excuses one with a reason', async () => {
    const user = userEvent.setup();
    signIn(userWithRole('ORG_ADMIN'));
    const { requests } = stubMissed([bedMissed, binsExcused]);
    renderWithProviders(<HistoryPage />);

    const list = await screen.findByRole('list', { name: 'Missed chores' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Make bed', 'Take out bins']);
    const [bed, bins] = rows as [HTMLElement, HTMLElement];
    expect(bed.className).toContain('list__row--rejected');
    expect(within(bed).getByText('Missed').className).toContain('badge--danger');
    expect(within(bed).getByText(`Sam · Due ${formatCalendarDate('2024-05-06')}`)).toBeTruthy();
    expect(within(bed).getByText('-$1.50')).toBeTruthy();
    // Excused: the reason, the penalty (in the child's unit) given back, and nothing more to do.
    expect(within(bins).getByText('Excused')).toBeTruthy();
    expect(within(bins).getByText('Reason: Away at grandma')).toBeTruthy();
    expect(await within(bins).findByText('0.50 pts', { exact: true })).toBeTruthy();
    expect(within(bins).queryByRole('button')).toBeNull();
    expect(requests.find((request) => request.path.startsWith('/missed'))?.path).toBe('/missed');

    await user.click(within(bed).getByRole('button', { name: `Excuse Make bed for Sam, due ${formatCalendarDate('2024-05-06')}` }));
    const dialog = screen.getByRole('dialog', { name: 'Excuse Make bed' });
    expect(within(dialog).getByText(/gives back whatever its penalty of \$1\.50 took/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), ' Sick in bed ');
    await user.click(within(dialog).getByRole('button', { name: 'Excuse' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/missed/missed-1/excuse', body: { reason: 'Sick in bed' } },
    ]);
    const excused = within(screen.getByRole('list', { name: 'Missed chores' })).getByRole('listitem', { name: 'Make bed' });
    expect(within(excused).getByText('Excused')).toBeTruthy();
    expect(within(excused).getByText('Reason: Sick in bed')).toBeTruthy();
    expect(excused.className).not.toContain('list__row--rejected');
    expect(within(excused).queryByRole('button', { name: /Excuse/ })).toBeNull();
    // The balances are loaded again: the penalty came back.
    await waitFor(() => expect(requests.filter((request) => request.path === '/children')).toHaveLength(2));
  });

  it('shows a child their own misses in their unit, with nothing to excuse', async () => {
    signIn(childUser('POINTS'));
    stubMissed([bedMissed]);
    renderWithProviders(<HistoryPage />);

    const row = within(await screen.findByRole('list', { name: 'Missed chores' })).getByRole('listitem', { name: 'Make bed' });
    expect(within(row).getByText(`Due ${formatCalendarDate('2024-05-06')}`)).toBeTruthy();
    expect(within(row).getByText('-1.50 pts', { exact: true })).toBeTruthy();
    expect(within(row).queryByText(/Sam/)).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says why an excuse is refused, e.g. when another parent excused it first', async () => {
    const user = userEvent.setup();
    signIn(userWithRole('ORG_ADMIN'));
    stubMissed([bedMissed], () =>
      jsonResponse(409, { error: 'Conflict', message: 'This missed chore is already excused' }),
    );
    renderWithProviders(<HistoryPage />);

    const row = within(await screen.findByRole('list', { name: 'Missed chores' })).getByRole('listitem', { name: 'Make bed' });
    await user.click(within(row).getByRole('button', { name: /^Excuse Make bed/ }));
    const dialog = screen.getByRole('dialog', { name: 'Excuse Make bed' });
    await user.click(within(dialog).getByRole('button', { name: 'Excuse' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This missed chore is already excused');
  });

  it('shows nothing about missed chores while there are none', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    const { requests } = stubMissed([]);
    renderWithProviders(<HistoryPage />);
    await screen.findByRole('list', { name: 'Reviewed chores' });
    await waitFor(() => expect(requests.some((request) => request.path === '/missed')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Missed chores' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Missed chores' })).toBeNull();
  });
});
