import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Organization } from '../types';
import {
  buildAdminUser,
  buildChildAccount,
  buildOrganization,
  buildOrganizationDetail,
  buildPlatformStats,
  pageOf,
  splitPath,
  superAdmin,
} from '@/testing/admin';
import { jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import { formatDate } from '@/utils/format';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const freeTrial = buildOrganization({ id: 'org-free', name: 'Free Trial Family', plan: 'FREE', subscriptionStatus: 'TRIAL' });
const proActive = buildOrganization({ id: 'org-pro', name: 'Pro Family', plan: 'PRO', subscriptionStatus: 'ACTIVE' });
const canceled = buildOrganization({ id: 'org-gone', name: 'Canceled Family', plan: 'FREE', subscriptionStatus: 'CANCELED' });
const suspended = buildOrganization({
  id: 'org-off',
  name: 'Suspended Family',
  plan: 'ENTERPRISE',
  subscriptionStatus: 'ACTIVE',
  isActive: false,
});

type Handler = (request: ApiRequest) => Response | undefined;

/** The console's loads, with `organizations` as every page of families; `extra` answers first. */
function consoleApi(organizations: Organization[], extra: Handler = () => undefined): Handler {
  return (request) => {
    const answer = extra(request);
    if (answer) return answer;
    const { pathname } = splitPath(request);
    if (request.method !== 'GET') return undefined;
    if (pathname === '/users/me') return jsonResponse(200, superAdmin);
    if (pathname === '/admin/stats') return jsonResponse(200, buildPlatformStats());
    if (pathname === '/admin/organizations') return jsonResponse(200, pageOf(organizations));
    return undefined;
  };
}

async function openOrganizations(handler: Handler) {
  const user = userEvent.setup();
  const api = stubApi(handler);
  signIn(superAdmin);
  renderRoute('/admin');
  await user.click(await screen.findByRole('tab', { name: 'Organizations' }));
  return { user, ...api };
}

function rowOf(name: string): HTMLElement {
  const table = screen.getByRole('table', { name: 'Organizations' });
  const row = within(table).getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function buttonNames(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

/**
 * Presses `action` for the family `name` and answers the in-app question it
 * asks with its confirm button; resolves to the question.
 */
async function confirmAction(user: ReturnType<typeof userEvent.setup>, action: string, name: string): Promise<string> {
  await user.click(screen.getByRole('button', { name: `${action} ${name}` }));
  const dialog = screen.getByRole('dialog', { name: `${action} ${name}` });
  const question = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
  await user.click(within(dialog).getByRole('button', { name: action }));
  expect(screen.queryByRole('dialog')).toBeNull();
  return question;
}

/** The outcome shown in the page above the list (not a modal): its role and text. */
function outcome(): { role: string | null; text: string | null } | null {
  const alert = document.querySelector('.admin-tab > .alert');
  return alert && { role: alert.getAttribute('role'), text: alert.textContent };
}

const patches = (requests: ApiRequest[]) => requests.filter((request) => request.method === 'PATCH');
const organizationLoads = (requests: ApiRequest[]) =>
  requests.filter((request) => request.method === 'GET' && splitPath(request).pathname === '/admin/organizations');

describe('Organizations tab', () => {
  it('lists name, slug, plan, status, counts and created date', async () => {
    await openOrganizations(consoleApi([freeTrial, suspended]));
    const cells = Array.from(rowOf('Free Trial Family').children, (cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'Free Trial Family',
      'the-does',
      'FREE',
      'TRIAL',
      '3',
      '2',
      '7',
      formatDate(freeTrial.createdAt),
    ]);
    // One truthful badge: a suspended family is not also shown as ACTIVE.
    const status = rowOf('Suspended Family').children[3];
    expect(status?.querySelectorAll('.badge')).toHaveLength(1);
    expect(status?.querySelector('.badge')?.textContent).toBe('Suspended');
    expect(screen.getByText('2 organizations')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('offers Upgrade only on FREE, Suspend on active ACTIVE or TRIAL families, and Activate otherwise', async () => {
    await openOrganizations(consoleApi([freeTrial, proActive, canceled, suspended]));
    expect(buttonNames(rowOf('Free Trial Family'))).toEqual(['View', 'Upgrade', 'Suspend']);
    expect(buttonNames(rowOf('Pro Family'))).toEqual(['View', 'Suspend']);
    expect(buttonNames(rowOf('Canceled Family'))).toEqual(['View', 'Upgrade', 'Activate']);
    expect(buttonNames(rowOf('Suspended Family'))).toEqual(['View', 'Activate']);
  });

  it('asks in the app, and sends nothing when the question is declined', async () => {
    const { user, requests } = await openOrganizations(consoleApi([freeTrial, suspended]));
    const question = (name: string) => {
      const dialog = screen.getByRole('dialog', { name });
      const text = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent;
      const buttons = within(dialog)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.className.includes('btn--danger')]);
      return { text, buttons };
    };

    const upgrade = screen.getByRole('button', { name: 'Upgrade Free Trial Family' });
    await user.click(upgrade);
    expect(question('Upgrade Free Trial Family')).toEqual({
      text: 'Upgrade Free Trial Family to the PRO plan with an active subscription?',
      buttons: [['×', false], ['Cancel', false], ['Upgrade', false]],
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(upgrade);

    await user.click(screen.getByRole('button', { name: 'Suspend Free Trial Family' }));
    expect(question('Suspend Free Trial Family')).toEqual({
      text: 'Suspend Free Trial Family? All of its users will be deactivated and unable to log in.',
      buttons: [['×', false], ['Cancel', false], ['Suspend', true]],
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Activate Suspended Family' }));
    expect(question('Activate Suspended Family')).toEqual({
      text: 'Activate Suspended Family? Its users will be able to log in again.',
      buttons: [['×', false], ['Cancel', false], ['Activate', false]],
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(patches(requests)).toEqual([]);
    expect(outcome()).toBeNull();
  });

  it('upgrades to PRO with an active subscription, says so in the page and refreshes the list', async () => {
    let current = freeTrial;
    const { user, requests } = await openOrganizations((request) => {
      if (request.method === 'PATCH' && request.path === '/admin/organizations/org-free/plan') {
        current = { ...freeTrial, plan: 'PRO', subscriptionStatus: 'ACTIVE' };
        return jsonResponse(200, current);
      }
      return consoleApi([current])(request);
    });

    expect(await confirmAction(user, 'Upgrade', 'Free Trial Family')).toBe(
      'Upgrade Free Trial Family to the PRO plan with an active subscription?',
    );
    await waitFor(() => expect(outcome()).toEqual({ role: 'status', text: 'Organization upgraded to PRO!' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches(requests)).toEqual([
      { method: 'PATCH', path: '/admin/organizations/org-free/plan', body: { plan: 'PRO', subscriptionStatus: 'ACTIVE' } },
    ]);
    await waitFor(() => expect(rowOf('Free Trial Family').children[2]?.textContent).toBe('PRO'));
    expect(organizationLoads(requests)).toHaveLength(2);
    expect(buttonNames(rowOf('Free Trial Family'))).toEqual(['View', 'Suspend']);
    // The dashboard's figures are fetched again too.
    expect(requests.filter((request) => request.path === '/admin/stats')).toHaveLength(2);
  });

  it.each([
    ['Suspend', freeTrial, 'deactivate', 'Organization deactivated'],
    ['Activate', suspended, 'activate', 'Organization activated'],
  ] as const)('%s sends PATCH …/%s without a body and says %j in the page', async (label, organization, call, message) => {
    const { user, requests } = await openOrganizations(
      consoleApi([organization], (request) =>
        request.method === 'PATCH' ? jsonResponse(200, { ...organization, isActive: call === 'activate' }) : undefined,
      ),
    );

    await confirmAction(user, label, organization.name);
    await waitFor(() => expect(outcome()).toEqual({ role: 'status', text: message }));
    expect(patches(requests)).toEqual([
      { method: 'PATCH', path: `/admin/organizations/${organization.id}/${call}`, body: undefined },
    ]);
    await waitFor(() => expect(organizationLoads(requests)).toHaveLength(2));
  });

  it.each([
    ['Upgrade', freeTrial, 'Failed to upgrade organization'],
    ['Suspend', freeTrial, 'Failed to deactivate organization'],
    ['Activate', suspended, 'Failed to activate organization'],
  ] as const)('%s shows the server text, else %j, in the page when it fails', async (label, organization, fallback) => {
    let withText = true;
    const { user, requests } = await openOrganizations(
      consoleApi([organization], (request) => {
        if (request.method !== 'PATCH') return undefined;
        return withText ? jsonResponse(409, { error: 'Conflict', message: 'Plan is locked' }) : jsonResponse(500);
      }),
    );

    const button = screen.getByRole('button', { name: `${label} ${organization.name}` });
    await confirmAction(user, label, organization.name);
    await waitFor(() => expect(outcome()).toEqual({ role: 'alert', text: 'Plan is locked' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    withText = false;
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await confirmAction(user, label, organization.name);
    await waitFor(() => expect(outcome()).toEqual({ role: 'alert', text: fallback }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(patches(requests)).toHaveLength(2);
    expect(organizationLoads(requests)).toHaveLength(1);
  });

  it('shows the details of a family with only a count of its children', async () => {
    const detail = buildOrganizationDetail({
      ...freeTrial,
      users: [
        buildAdminUser({ firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', lastLoginAt: null }),
        // Even if a name slipped through, a child account never shows it.
        buildChildAccount({ firstName: 'Secretkid', email: 'secretkid@example.com' }),
      ],
    });
    const { user } = await openOrganizations(
      consoleApi([freeTrial, proActive], (request) => {
        if (request.path === '/admin/organizations/org-free') return jsonResponse(200, detail);
        if (request.path === '/admin/organizations/org-pro') {
          return jsonResponse(200, buildOrganizationDetail({ ...proActive, trialEndsAt: null, users: [] }));
        }
        return undefined;
      }),
    );

    await user.click(screen.getByRole('button', { name: 'View Free Trial Family' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free Trial Family' });
    const details = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(details('Slug')).toBe('the-does');
    expect(details('Plan')).toBe('FREE');
    expect(details('Status')).toBe('TRIAL');
    expect(details('Trial Ends')).toBe(formatDate('2030-02-01T00:00:00Z'));
    expect(within(dialog).getByRole('group', { name: 'Users' }).textContent).toContain('3');
    expect(within(dialog).getByRole('group', { name: 'Children' }).textContent).toContain('2');
    expect(within(dialog).getByRole('group', { name: 'Chores' }).textContent).toContain('7');

    const users = within(dialog).getByRole('table', { name: 'Users of Free Trial Family' });
    const [parent, child] = within(users).getAllByRole('row').slice(1);
    expect(parent?.textContent).toContain('Jane Doe');
    expect(parent?.textContent).toContain('Parent');
    expect(parent?.textContent).toContain('Never');
    expect(child?.textContent).toContain('Child account');
    expect(child?.textContent).toContain('Hidden');
    expect(child?.textContent).toContain('Child');
    expect(document.body.textContent).not.toContain('Secretkid');
    expect(document.body.textContent).not.toContain('secretkid@example.com');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'View Pro Family' }));
    const proDialog = await screen.findByRole('dialog', { name: 'Pro Family' });
    expect(within(proDialog).getByText('Trial Ends', { selector: 'dt' }).nextElementSibling?.textContent).toBe('N/A');
  });

  it('shows Failed to fetch organization details in the page when the details cannot be loaded', async () => {
    const { user } = await openOrganizations(
      consoleApi([freeTrial], (request) => (request.path === '/admin/organizations/org-free' ? jsonResponse(500) : undefined)),
    );
    await user.click(screen.getByRole('button', { name: 'View Free Trial Family' }));
    await waitFor(() => expect(outcome()).toEqual({ role: 'alert', text: 'Failed to fetch organization details' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the search, the filters and the page to the server', async () => {
    const { user, requests } = await openOrganizations((request) => {
      const { pathname, query } = splitPath(request);
      if (pathname === '/admin/organizations') {
        return jsonResponse(200, pageOf([freeTrial], { total: 45, page: Number(query.page) }));
      }
      return consoleApi([])(request);
    });
    const lastQuery = () => splitPath(organizationLoads(requests).at(-1)!).query;
    expect(screen.getByText('45 organizations')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(lastQuery()).toEqual({ page: '2', pageSize: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'does{Enter}');
    await screen.findByText('Page 1 of 3');
    expect(lastQuery()).toEqual({ search: 'does', page: '1', pageSize: '20' });

    await user.selectOptions(screen.getByLabelText('Plan'), 'PRO');
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'does', plan: 'PRO', page: '1', pageSize: '20' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'CANCELED');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ search: 'does', plan: 'PRO', status: 'CANCELED', page: '1', pageSize: '20' }),
    );

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(lastQuery()).toEqual({ search: 'does', plan: 'PRO', status: 'CANCELED', page: '3', pageSize: '20' });

    await user.selectOptions(screen.getByLabelText('Plan'), 'ALL');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'CANCELED', page: '1', pageSize: '20' }));
  });

  it('shows a full-page error with the server text when a page of families fails to load', async () => {
    const { user } = await openOrganizations((request) => {
      const { pathname, query } = splitPath(request);
      if (pathname === '/admin/organizations' && query.page === '2') {
        return jsonResponse(503, { error: 'Unavailable', message: 'Directory is down' });
      }
      if (pathname === '/admin/organizations') {
        return jsonResponse(200, pageOf([freeTrial], { total: 30, page: Number(query.page) }));
      }
      return consoleApi([])(request);
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Directory is down');
    // The error takes the place of the whole console, as a failed first load does.
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Organizations' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Platform Administration' })).toBeNull();
  });

  it('falls back to Error: Failed to fetch platform data when a later page fails without text', async () => {
    const { user } = await openOrganizations((request) => {
      const { pathname, query } = splitPath(request);
      if (pathname === '/admin/organizations') {
        return query.page === '2'
          ? jsonResponse(502)
          : jsonResponse(200, pageOf([freeTrial], { total: 30, page: Number(query.page) }));
      }
      return consoleApi([])(request);
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch platform data');
  });
});
