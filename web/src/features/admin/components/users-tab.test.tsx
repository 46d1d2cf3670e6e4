import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AdminUser } from '../types';
import {
  buildAdminUser,
  buildChildAccount,
  buildPlatformStats,
  pageOf,
  splitPath,
  superAdmin,
} from '@/testing/admin';
import { jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import { formatDate, formatDateTime } from '@/utils/format';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

type Handler = (request: ApiRequest) => Response | undefined;

/** The console's first load; `users` answers GET /admin/users. */
function consoleApi(users: Handler): Handler {
  return (request) => {
    const { pathname } = splitPath(request);
    if (pathname === '/admin/users') return users(request);
    if (pathname === '/users/me') return jsonResponse(200, superAdmin);
    if (pathname === '/admin/stats') return jsonResponse(200, buildPlatformStats());
    if (pathname === '/admin/organizations') return jsonResponse(200, pageOf([]));
    return undefined;
  };
}

async function openUsers(users: Handler) {
  const user = userEvent.setup();
  const api = stubApi(consoleApi(users));
  signIn(superAdmin);
  renderRoute('/admin');
  await user.click(await screen.findByRole('tab', { name: 'All Users' }));
  return { user, ...api };
}

const cellsOf = (row: HTMLElement | undefined) => Array.from(row?.children ?? [], (cell) => cell.textContent);

describe('All Users tab', () => {
  it('shows each user with family and plan, role label, state, verified mark, last login and created date', async () => {
    const parent = buildAdminUser({ lastLoginAt: '2024-05-01T08:00:00Z' });
    const child = buildChildAccount({ isActive: false });
    const operator: AdminUser = buildAdminUser({
      id: 'admin-1',
      firstName: 'Root',
      lastName: 'Admin',
      email: 'root@example.com',
      role: 'SUPER_ADMIN',
      emailVerified: false,
      lastLoginAt: null,
      organization: null,
    });
    await openUsers(() => jsonResponse(200, pageOf([parent, child, operator])));

    const table = await screen.findByRole('table', { name: 'All users' });
    expect(cellsOf(within(table).getAllByRole('row')[0])).toEqual([
      'User',
      'Email',
      'Organization',
      'Role',
      'Status',
      'Last Login',
      'Created',
    ]);
    const [parentRow, childRow, operatorRow] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(parentRow)).toEqual([
      'Jane Doe',
      'jane@example.com',
      'The Does FREE',
      'Parent',
      'Active✓Email verified',
      formatDateTime(parent.lastLoginAt),
      formatDate(parent.createdAt),
    ]);
    expect(within(parentRow!).getByText('✓')).toBeTruthy();
    expect(cellsOf(childRow)).toEqual([
      'Child account',
      'Hidden',
      'The Does FREE',
      'Child',
      'Inactive',
      'Never',
      formatDate(child.createdAt),
    ]);
    expect(within(childRow!).queryByText('✓')).toBeNull();
    expect(cellsOf(operatorRow).slice(0, 6)).toEqual(['Root Admin', 'root@example.com', '—', 'Admin', 'Active', 'Never']);
    expect(screen.getByText('3 users')).toBeTruthy();
  });

  it('sends the search, the role filter and the page to the server', async () => {
    const { user, requests } = await openUsers((request) =>
      jsonResponse(200, pageOf([buildAdminUser()], { total: 41, page: Number(splitPath(request).query.page) })),
    );
    const lastQuery = () =>
      splitPath(requests.filter((request) => splitPath(request).pathname === '/admin/users').at(-1)!).query;
    await screen.findByText('Page 1 of 3');
    expect(lastQuery()).toEqual({ page: '1', pageSize: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'smith');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'smith', page: '1', pageSize: '20' }));

    await user.selectOptions(screen.getByLabelText('Role'), 'ORG_MEMBER');
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'smith', role: 'ORG_MEMBER', page: '1', pageSize: '20' }));

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(lastQuery()).toEqual({ search: 'smith', role: 'ORG_MEMBER', page: '2', pageSize: '20' });

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1 of 3');
    expect(lastQuery()).toEqual({ search: 'smith', role: 'ORG_MEMBER', page: '1', pageSize: '20' });
  });

  it('keeps its search and page when switching tabs and back', async () => {
    const { user, requests } = await openUsers((request) =>
      jsonResponse(200, pageOf([buildAdminUser()], { total: 41, page: Number(splitPath(request).query.page) })),
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    await user.click(screen.getByRole('tab', { name: 'All Users' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(requests.filter((request) => splitPath(request).pathname === '/admin/users')).toHaveLength(2);
  });

  it('shows Error: Failed to fetch users as a full page when the server gives no text', async () => {
    await openUsers(() => jsonResponse(500));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch users');
    // The error takes the place of the whole console, as a failed first load does.
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Platform Administration' })).toBeNull();
    expect(document.querySelector('.admin-error')).toBeTruthy();
  });

  it('shows the server text as a full-page error when loading users fails with one', async () => {
    await openUsers(() => jsonResponse(403, { error: 'Forbidden', message: 'Super admins only' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Super admins only');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows a full-page error when a later page of users fails to load', async () => {
    const { user } = await openUsers((request) =>
      splitPath(request).query.page === '2'
        ? jsonResponse(503)
        : jsonResponse(200, pageOf([buildAdminUser()], { total: 41, page: 1 })),
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch users');
    expect(screen.queryByRole('table', { name: 'All users' })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
