import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { buildUser, userWithRole } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubPendingFetch } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

describe('route guards', () => {
  it('sends anonymous visitors of / to the login screen', async () => {
    stubPendingFetch();
    const { router } = renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Chorely' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Chorely - Login'));
  });

  it('sends anonymous visitors of sub-routes and /admin to the login screen', async () => {
    stubPendingFetch();
    for (const path of ['/chores', '/profile', '/admin']) {
      const { router, unmount } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      unmount();
    }
  });

  it('shows the parent dashboard and navigation to a parent', async () => {
    stubPendingFetch();
    signIn(userWithRole('ORG_ADMIN'));
    renderRoute('/');

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    for (const label of ['Total Children', 'Pending Reviews', 'Total Balance', 'Paid This Month']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByText('No chores completed yet')).toBeTruthy();
    expect(screen.getByText('No active chores')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Family/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reviews' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Jane Doe\s*Parent/ })).toBeTruthy();
    expect(screen.getAllByText('$0.00')).toHaveLength(2);
    // The shortcut bar at the foot of a phone's screen is a child's.
    expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Dashboard - Chorely'));
  });

  it('shows My Dashboard and the child navigation to a child', async () => {
    stubPendingFetch();
    signIn(userWithRole('ORG_MEMBER'));
    renderRoute('/');

    expect(await screen.findByRole('heading', { name: 'My Dashboard', level: 1 })).toBeTruthy();
    for (const label of ['My Balance', 'Pending', 'Completed (this month)', 'Earned (this month)']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Do Chore' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reviews' })).toBeNull();
    // On a phone the main navigation folds into a menu; the shortcut bar keeps the main actions at hand.
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' }));
    expect(shortcuts.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Do Chore', '/submit'],
      ['History', '/history'],
      ['Payouts', '/payouts'],
    ]);
    expect(shortcuts.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /Sam Doe\s*Child/ })).toBeTruthy();
  });

  it.each([
    [
      'ORG_ADMIN',
      [
        ['/children', 'Children'],
        ['/team', 'Team Members'],
        ['/settings', 'Parent Settings'],
        ['/chores', 'Chores'],
        ['/categories', 'Categories'],
        ['/approval', 'Reviews'],
        ['/history', 'History'],
        ['/payouts', 'Payouts'],
      ],
    ],
    [
      'ORG_MEMBER',
      [
        ['/submit', 'Submit Chore'],
        ['/chores', 'My Chores'],
        ['/history', 'History'],
        ['/payouts', 'Payouts'],
      ],
    ],
  ] as const)('gives %s its screens', async (role, screens) => {
    stubPendingFetch();
    signIn(userWithRole(role));
    for (const [path, heading] of screens) {
      const { unmount } = renderRoute(path);
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
      unmount();
    }
  });

  it('keeps children out of the parent screens', async () => {
    stubPendingFetch();
    signIn(userWithRole('ORG_MEMBER'));
    for (const path of ['/children', '/team', '/settings', '/categories', '/approval']) {
      const { router, unmount } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      unmount();
    }
  });

  it('keeps parents out of Submit Chore (only children submit chores)', async () => {
    stubPendingFetch();
    signIn(userWithRole('ORG_ADMIN'));
    const { router } = renderRoute('/submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets only SUPER_ADMIN into /admin', async () => {
    stubPendingFetch();
    signIn(userWithRole('ORG_ADMIN'));
    const parent = renderRoute('/admin');
    await waitFor(() => expect(parent.router.state.location.pathname).toBe('/'));
    parent.unmount();

    signIn(buildUser({ role: 'SUPER_ADMIN', email: 'root@example.com' }));
    const admin = renderRoute('/admin');
    expect(await screen.findByText('root@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(admin.router.state.location.pathname).toBe('/admin');
  });

  it('sends a signed-in user away from the login screen', async () => {
    stubPendingFetch();
    signIn(buildUser({ role: 'SUPER_ADMIN' }));
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('waits for the user when only a token is stored', async () => {
    stubPendingFetch();
    localStorage.setItem('token', 'only-a-token');
    useSessionStore.getState().hydrate();
    renderRoute('/');
    expect(await screen.findByText('Loading your account…')).toBeTruthy();
  });

  it('redirects /register?invite=CODE to the invitation screen', async () => {
    stubPendingFetch();
    const { router } = renderRoute('/register?invite=ABC123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/ABC123'));
  });

  it('titles the register screen Create Account', async () => {
    stubPendingFetch();
    renderRoute('/register');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Create Account'));
  });

  it('shows a signed-in user a not-found screen for unknown addresses', async () => {
    stubPendingFetch();
    signIn(userWithRole('ORG_ADMIN'));
    const { router } = renderRoute('/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nope');
  });

  it('sends anonymous visitors of unknown addresses to the login screen', async () => {
    stubPendingFetch();
    for (const path of ['/nope', '/admin/nope', '/chores/nope']) {
      const { router, unmount } = renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Welcome to Chorely' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
      unmount();
    }
  });
});

describe('a super admin in the family app', () => {
  it('is sent to the operator console from every family route, query and all', async () => {
    stubPendingFetch();
    signIn(buildUser({ role: 'SUPER_ADMIN', email: 'root@example.com' }));
    for (const path of ['/', '/chores', '/approval?x=1', '/children', '/profile']) {
      const { router, unmount } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
      expect(screen.queryByText(/Invite your children/)).toBeNull();
      unmount();
    }
  });
});
