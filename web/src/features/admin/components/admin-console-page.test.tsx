import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { APP_NAME } from '@/config/env';
import { useSessionStore } from '@/stores/session-store';
import {
  buildAdminUser,
  buildOrganization,
  buildPlatformStats,
  pageOf,
  splitPath,
  superAdmin,
} from '@/testing/admin';
import { jsonResponse, userWithRole } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi, stubPendingFetch, type ApiRequest } from '@/testing/test-utils';
import { formatDate } from '@/utils/format';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const does = buildOrganization();
const smiths = buildOrganization({ id: 'org-2', name: 'The Smiths', slug: 'the-smiths', plan: 'PRO', subscriptionStatus: 'ACTIVE' });

/** GET /admin/stats, /admin/organizations and /admin/users with one page each. */
function platformApi(request: ApiRequest): Response | undefined {
  const { pathname } = splitPath(request);
  if (request.method !== 'GET') return undefined;
  if (pathname === '/users/me') return jsonResponse(200, superAdmin);
  if (pathname === '/admin/stats') return jsonResponse(200, buildPlatformStats({ recentOrganizations: [smiths, does] }));
  if (pathname === '/admin/organizations') return jsonResponse(200, pageOf([does, smiths]));
  if (pathname === '/admin/users') return jsonResponse(200, pageOf([buildAdminUser()]));
  return undefined;
}

function openConsole() {
  signIn(superAdmin);
  return renderRoute('/admin');
}

describe('AdminConsolePage', () => {
  it('loads the stats and the first page of organizations together, then shows the dashboard', async () => {
    const { requests } = stubApi(platformApi);
    openConsole();

    expect(await screen.findByRole('heading', { name: 'Platform Administration', level: 1 })).toBeTruthy();
    const gets = requests.map(splitPath).filter((request) => request.pathname.startsWith('/admin'));
    expect(gets.map((request) => request.pathname)).toEqual(['/admin/stats', '/admin/organizations']);
    expect(gets[1]?.query).toEqual({ page: '1', pageSize: '20' });

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByRole('group', { name: 'Organizations' }).textContent).toContain('12');
    expect(within(totals).getByRole('group', { name: 'Users' }).textContent).toContain('40');
    expect(within(totals).getByRole('group', { name: 'Children' }).textContent).toContain('21');
    expect(within(totals).getByRole('group', { name: 'Chores' }).textContent).toContain('95');

    const plans = screen.getByRole('region', { name: 'Plan distribution' });
    for (const [label, value] of [['Active', '9'], ['Trial', '3'], ['Pro', '4'], ['Free', '8']]) {
      expect(within(plans).getByRole('group', { name: label }).textContent).toContain(value);
    }

    const recent = screen.getByRole('table', { name: 'Recent organizations' });
    const [first] = within(recent).getAllByRole('row').slice(1);
    expect(first?.textContent).toContain('The Smiths');
    expect(first?.textContent).toContain('the-smiths');
    expect(first?.textContent).toContain('PRO');
    expect(first?.textContent).toContain(formatDate(smiths.createdAt));
    await waitFor(() => expect(document.title).toBe(`Admin Console - ${APP_NAME}`));
  });

  it('has its own header with the product name, the admin email and Logout, and no family navigation', async () => {
    stubApi(platformApi);
    openConsole();
    await screen.findByRole('heading', { name: 'Platform Administration' });

    const header = document.querySelector<HTMLElement>('header.topbar')!;
    expect(header.textContent).toContain(APP_NAME);
    expect(within(header).getByText('root@example.com')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('asks before logging out and then returns to the login screen', async () => {
    const user = userEvent.setup();
    stubApi(platformApi);
    const { router } = openConsole();
    await screen.findByRole('heading', { name: 'Platform Administration' });
    const header = document.querySelector<HTMLElement>('header.topbar')!;
    const logout = within(header).getByRole('button', { name: 'Logout' });

    await user.click(logout);
    const question = screen.getByRole('dialog', { name: 'Logout' });
    expect(within(question).getByText('Are you sure you want to logout?')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(logout);
    expect(router.state.location.pathname).toBe('/admin');
    expect(useSessionStore.getState().token).not.toBeNull();

    await user.click(logout);
    await user.click(within(screen.getByRole('dialog', { name: 'Logout' })).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('shows a full-page error with the server text when the first load fails', async () => {
    stubApi((request) =>
      splitPath(request).pathname === '/admin/stats'
        ? jsonResponse(500, { error: 'Stats unavailable', message: 'Stats unavailable' })
        : platformApi(request),
    );
    openConsole();
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Stats unavailable');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Platform Administration' })).toBeNull();
  });

  it('falls back to Failed to fetch platform data when the server gives no text', async () => {
    stubApi((request) =>
      splitPath(request).pathname === '/admin/organizations' ? jsonResponse(502) : platformApi(request),
    );
    openConsole();
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch platform data');
  });

  it('switches between Dashboard, Organizations, All Users and Platform Settings', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(platformApi);
    openConsole();
    await screen.findByRole('region', { name: 'Totals' });

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Dashboard',
      'Organizations',
      'All Users',
      'Platform Settings',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Organizations' }));
    const organizations = screen.getByRole('table', { name: 'Organizations' });
    expect(within(organizations).getByText('The Does')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Totals' })).toBeNull();
    // The first page came with the first load.
    expect(requests.filter((request) => splitPath(request).pathname === '/admin/organizations')).toHaveLength(1);
    // All Users loads only once its tab opens.
    expect(requests.some((request) => splitPath(request).pathname === '/admin/users')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'All Users' }));
    expect(await screen.findByRole('table', { name: 'All users' })).toBeTruthy();
    expect(requests.filter((request) => splitPath(request).pathname === '/admin/users')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Platform Settings' }));
    expect(screen.getByRole('table', { name: 'Default plan limits' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(screen.getByRole('region', { name: 'Totals' })).toBeTruthy();
  });

  it('shows platform information, the default plan limits and disabled Coming soon buttons in Platform Settings', async () => {
    const user = userEvent.setup();
    stubApi(platformApi);
    openConsole();
    await user.click(await screen.findByRole('tab', { name: 'Platform Settings' }));

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Product').nextElementSibling?.textContent).toBe(APP_NAME);
    expect(within(panel).getByText('Version').nextElementSibling?.textContent).toMatch(/^\d+\.\d+\.\d+/);
    expect(within(panel).getByText('Environment').nextElementSibling?.textContent).toBe('test');

    const limits = screen.getByRole('table', { name: 'Default plan limits' });
    const rows = within(limits)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['FREE', '3', '10', '3'],
      ['PRO', '999 (unlimited)', '999 (unlimited)', '999 (unlimited)'],
      ['ENTERPRISE', '9999', '9999', '9999'],
    ]);

    const buttons = within(panel).getAllByRole('button');
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    for (const button of buttons) {
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('title')).toBe('Coming soon');
    }
    expect(within(panel).getByRole('button', { name: 'Delete Inactive Organizations' })).toBeTruthy();
  });
});

describe('/admin route', () => {
  it('sends parents and children to / and anonymous visitors to /login', async () => {
    stubPendingFetch();
    for (const role of ['ORG_ADMIN', 'ORG_MEMBER'] as const) {
      signIn(userWithRole(role));
      const { router, unmount } = renderRoute('/admin');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      unmount();
    }

    useSessionStore.getState().clearSession();
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('takes a super admin to /admin after login', async () => {
    const user = userEvent.setup();
    stubApi((request) => {
      if (request.method === 'POST' && request.path === '/auth/login') {
        return jsonResponse(200, { token: 'admin-token', user: superAdmin });
      }
      return platformApi(request);
    });
    const { router } = renderRoute('/login');

    await user.type(await screen.findByLabelText('Email'), 'root@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Platform Administration' })).toBeTruthy();
  });
});
