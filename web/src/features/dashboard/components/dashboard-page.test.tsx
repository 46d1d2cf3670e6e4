import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { DashboardPage } from './dashboard-page';
import { buildUser, childUser, jsonResponse, userWithRole } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';
import { formatDate } from '@/utils/format';

function renderDashboard() {
  return renderWithProviders(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

const stat = (label: string) => within(screen.getByRole('group', { name: label }));

const parentStats = {
  role: 'ORG_ADMIN',
  totalChildren: 2,
  totalPendingSubmissions: 3,
  totalBalance: 15.5,
  totalPaidOutThisMonth: 4.25,
  mostActiveChores: [
    { chore: { id: 'c1', name: 'Wash dishes', category: { name: 'Kitchen' } }, completions: 12 },
    { chore: { id: 'c2', name: 'Mow lawn', category: { name: 'Garden' } }, completions: 1 },
  ],
  leastActiveChores: [{ chore: { id: 'c3', name: 'Clean windows', category: { name: 'House' } }, completions: 0 }],
  children: [
    { id: 'child-1', name: 'Sam', balance: 12.5, pendingSubmissions: 2, completedThisMonth: 4, completedLast30Days: 9, missedLast30Days: 3 },
    { id: 'child-2', name: 'Alex', balance: 3, pendingSubmissions: 1, completedThisMonth: 1, completedLast30Days: 2, missedLast30Days: 0 },
  ],
};

const weeks = [
  ['2024-03-18', 0],
  ['2024-03-25', 1.5],
  ['2024-04-01', 3],
  ['2024-04-08', 0],
  ['2024-04-15', 6],
  ['2024-04-22', 2.25],
  ['2024-04-29', 0],
  ['2024-05-06', 4.5],
].map(([weekStart, amount]) => ({ weekStart, amount }));

const childStats = {
  role: 'ORG_MEMBER',
  balance: 7.5,
  pendingSubmissions: 1,
  completedThisMonth: 5,
  earnedThisMonth: 9.75,
  recentHistory: [
    {
      id: 's1',
      chore: { name: 'Wash dishes', category: { name: 'Kitchen' } },
      approved: true,
      boostedReward: 1.8,
      reviewedAt: '2024-05-07T10:00:00Z',
    },
    {
      id: 's2',
      chore: { name: 'Mow lawn', category: { name: 'Garden' } },
      approved: false,
      boostedReward: 5,
      reviewedAt: '2024-05-06T10:00:00Z',
    },
  ],
  weeklyEarnings: weeks,
};

describe('Dashboard for parents', () => {
  it('shows the four cards, the chore activity lists and the children overview', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    stubApi(({ path }) => {
      if (path === '/dashboard/stats') return jsonResponse(200, parentStats);
      if (path === '/children') {
        return jsonResponse(200, [
          { id: 'child-1', rewardDisplayType: 'MONEY' },
          { id: 'child-2', rewardDisplayType: 'SCREEN_TIME' },
        ]);
      }
      return undefined;
    });
    renderDashboard();

    expect(await stat('Total Children').findByText('2')).toBeTruthy();
    expect(stat('Pending Reviews').getByText('3')).toBeTruthy();
    expect(stat('Total Balance').getByText('$15.50')).toBeTruthy();
    expect(stat('Paid This Month').getByText('$4.25')).toBeTruthy();

    const most = screen.getByRole('region', { name: 'Most Active Chores' });
    const dishes = within(most).getByRole('listitem', { name: 'Wash dishes' });
    expect(within(dishes).getByText('Kitchen')).toBeTruthy();
    expect(within(dishes).getByText('12 completions')).toBeTruthy();
    expect(within(within(most).getByRole('listitem', { name: 'Mow lawn' })).getByText('1 completion')).toBeTruthy();
    const least = screen.getByRole('region', { name: 'Least Active Chores' });
    expect(within(least).getByText('0 completions')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Children overview' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Balance',
      'Pending',
      'Completed (30d)',
      'Missed (30d)',
    ]);
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent)),
      ).toEqual([
        ['Sam', '$12.50', '2', '9', '3'],
        ['Alex', '3.00 hrs', '1', '2', '0'],
      ]),
    );
  });

  it('says when no chore was completed and none is active', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    stubApi(({ path }) =>
      path === '/dashboard/stats'
        ? jsonResponse(200, { ...parentStats, mostActiveChores: [], leastActiveChores: [] })
        : jsonResponse(200, []),
    );
    renderDashboard();
    await stat('Total Children').findByText('2');
    const region = (name: string) => within(screen.getByRole('region', { name }));
    expect(region('Most Active Chores').getByText('No chores completed yet')).toBeTruthy();
    expect(region('Least Active Chores').getByText('No active chores')).toBeTruthy();
  });

  it('only logs when the stats cannot be loaded', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => jsonResponse(500, { error: 'Internal', message: 'Database is down' }));
    renderDashboard();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Database is down')).toBeNull();
    expect(stat('Total Balance').getByText('$0.00')).toBeTruthy();
  });
});

describe('My Dashboard for a child', () => {
  function renderChild() {
    signIn(userWithRole('ORG_MEMBER'));
    const api = stubApi(({ path }) => (path === '/dashboard/stats' ? jsonResponse(200, childStats) : undefined));
    renderDashboard();
    return api;
  }

  it('shows the four cards and links to the payouts', async () => {
    const { requests } = renderChild();
    expect(screen.getByRole('heading', { name: 'My Dashboard', level: 1 })).toBeTruthy();
    expect(await stat('My Balance').findByText('$7.50')).toBeTruthy();
    expect(stat('Pending').getByText('1')).toBeTruthy();
    expect(stat('Completed (this month)').getByText('5')).toBeTruthy();
    expect(stat('Earned (this month)').getByText('$9.75')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Payouts' }).getAttribute('href')).toBe('/payouts');
    // The home's own lists: chores and where each stands today, what waits for review, the reviewed ones'
    // notes; never the family's children list, which is for parents.
    await waitFor(() =>
      expect([...new Set(requests.map((request) => request.path))].sort()).toEqual([
        '/chores',
        '/chores/today',
        '/dashboard/stats',
        '/submissions/history',
        '/submissions?status=PENDING',
      ]),
    );
  });

  it('shows approved activity in green with +reward and the rest in red, each saying so in words', async () => {
    renderChild();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const [approved, rejected] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];

    expect(approved.getAttribute('aria-label')).toBe('Wash dishes');
    expect(approved.className).toContain('list__row--approved');
    expect(within(approved).getByText('+$1.80')).toBeTruthy();
    expect(within(approved).getByText('Approved')).toBeTruthy();
    expect(within(approved).getByText(`Kitchen · ${formatDate('2024-05-07T10:00:00Z')}`)).toBeTruthy();

    expect(rejected.className).toContain('list__row--rejected');
    expect(within(rejected).getByText('$5.00')).toBeTruthy();
    expect(within(rejected).queryByText('+$5.00')).toBeNull();
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
  });

  it('charts the earnings of the last 8 weeks, a bar per week with its week and amount', async () => {
    renderChild();
    const day = (month: number, date: number) =>
      new Date(2024, month, date).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
    const chart = await screen.findByRole('img', { name: /^Earnings per week over the last 8 weeks/ });
    expect(chart.getAttribute('aria-label')).toBe(
      `Earnings per week over the last 8 weeks: $17.25 in total; most in the week of ${day(3, 15)} ($6.00)`,
    );
    const rows = Array.from(chart.querySelectorAll<HTMLElement>('.earnings-chart__row'));
    expect(rows).toHaveLength(8);
    // Each week shows its date and its amount in words, beside its bar.
    expect(rows.map((row) => row.textContent)).toEqual([
      `${day(2, 18)}$0.00`,
      `${day(2, 25)}$1.50`,
      `${day(3, 1)}$3.00`,
      `${day(3, 8)}$0.00`,
      `${day(3, 15)}$6.00`,
      `${day(3, 22)}$2.25`,
      `${day(3, 29)}$0.00`,
      `${day(4, 6)}$4.50`,
    ]);
    expect(rows.map((row) => row.title)).toEqual([
      `Week of ${day(2, 18)}: $0.00`,
      `Week of ${day(2, 25)}: $1.50`,
      `Week of ${day(3, 1)}: $3.00`,
      `Week of ${day(3, 8)}: $0.00`,
      `Week of ${day(3, 15)}: $6.00`,
      `Week of ${day(3, 22)}: $2.25`,
      `Week of ${day(3, 29)}: $0.00`,
      `Week of ${day(4, 6)}: $4.50`,
    ]);
    const lengths = rows.map((row) => row.querySelector<HTMLElement>('.earnings-chart__bar')?.style.width);
    expect(lengths[4]).toBe('100%');
    expect(lengths[1]).toBe('25%');
    expect(lengths[0]).toBe('0%');
  });

  it('shows balance, earnings, activity and chart in the points the parents chose', async () => {
    signIn(childUser('POINTS'));
    stubApi(({ path }) =>
      path === '/dashboard/stats' ? jsonResponse(200, { ...childStats, balance: 12.5 }) : undefined,
    );
    renderDashboard();

    expect(await stat('My Balance').findByText('12.50 pts')).toBeTruthy();
    expect(stat('Earned (this month)').getByText('9.75 pts')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Recent activity' });
    expect(within(within(list).getByRole('listitem', { name: 'Wash dishes' })).getByText('+1.80 pts')).toBeTruthy();
    expect(within(within(list).getByRole('listitem', { name: 'Mow lawn' })).getByText('5.00 pts')).toBeTruthy();
    const chart = screen.getByRole('img', { name: /^Earnings per week over the last 8 weeks: 17\.25 pts in total; / });
    expect(chart.getAttribute('aria-label')).toMatch(/\(6\.00 pts\)$/);
    expect(chart.querySelector('.earnings-chart__row')?.textContent).toMatch(/0\.00 pts$/);
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('shows hours for screen time and a bare number for a custom unit', async () => {
    stubApi(({ path }) => (path === '/dashboard/stats' ? jsonResponse(200, childStats) : undefined));
    signIn(childUser('SCREEN_TIME'));
    const hours = renderDashboard();
    expect(await stat('My Balance').findByText('7.50 hrs')).toBeTruthy();
    expect(stat('Earned (this month)').getByText('9.75 hrs')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Wash dishes' })).getByText('+1.80 hrs')).toBeTruthy();
    hours.unmount();

    signIn(childUser('CUSTOM'));
    renderDashboard();
    expect(await stat('My Balance').findByText('7.50', { exact: true })).toBeTruthy();
    expect(stat('Earned (this month)').getByText('9.75', { exact: true })).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Wash dishes' })).getByText('+1.80', { exact: true })).toBeTruthy();
  });

  it('speaks simply to a KIDS child and gives each chore its picture', async () => {
    stubApi(({ path }) => (path === '/dashboard/stats' ? jsonResponse(200, childStats) : undefined));
    signIn(childUser('MONEY'));
    const kids = renderDashboard();
    expect(screen.getByText('See what you did and what you earned!')).toBeTruthy();
    const dishes = await screen.findByRole('listitem', { name: 'Wash dishes' });
    expect(within(dishes).getByText('Wash dishes').dataset.emoji).toBe('🍽️');
    // Their payslip is their money.
    expect(screen.getByRole('link', { name: 'My money' }).getAttribute('href')).toBe('/payslip/child-1');
    expect(screen.queryByRole('link', { name: 'My payslip' })).toBeNull();
    kids.unmount();

    signIn(buildUser({ role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'TEEN', rewardDisplayType: 'MONEY' } }));
    renderDashboard();
    expect(screen.getByText('Your chores, rewards and balance.')).toBeTruthy();
    expect(screen.queryByText('See what you did and what you earned!')).toBeNull();
    expect(screen.getByRole('link', { name: 'My payslip' }).getAttribute('href')).toBe('/payslip/child-1');
    expect(screen.queryByRole('link', { name: 'My money' })).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    signIn(userWithRole('ORG_MEMBER'));
    stubApi(({ path }) =>
      path === '/dashboard/stats'
        ? jsonResponse(200, { ...childStats, recentHistory: [], weeklyEarnings: [] })
        : undefined,
    );
    renderDashboard();
    expect(await screen.findByText(/No recent activity yet/)).toBeTruthy();
    expect(screen.getByText('No earnings yet')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Earnings per week/ })).toBeNull();
  });
});
