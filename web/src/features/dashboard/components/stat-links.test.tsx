import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { userWithRole } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubPendingFetch } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

/** The link inside the stat card named `label`, if it has one. */
function linkOf(label: string): HTMLAnchorElement | null {
  return within(screen.getByRole('group', { name: label })).queryByRole<HTMLAnchorElement>('link');
}

describe('Stat cards lead to their lists', () => {
  it('on the parent dashboard', async () => {
    const user = userEvent.setup();
    stubPendingFetch();
    signIn(userWithRole('ORG_ADMIN'));
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });

    expect(linkOf('Total Children')?.getAttribute('href')).toBe('/children');
    expect(linkOf('Pending Reviews')?.getAttribute('href')).toBe('/approval');
    expect(linkOf('Total Balance')?.getAttribute('href')).toBe('/children');
    expect(linkOf('Paid This Month')?.getAttribute('href')).toBe('/payouts');

    await user.click(screen.getByRole('link', { name: 'Pending Reviews' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/approval'));
  });

  it('on a child’s dashboard, where a list exists', async () => {
    const user = userEvent.setup();
    stubPendingFetch();
    signIn(userWithRole('ORG_MEMBER'));
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { name: 'My Dashboard', level: 1 });

    expect(linkOf('My Balance')?.getAttribute('href')).toBe('/payouts');
    expect(linkOf('Completed (this month)')?.getAttribute('href')).toBe('/history');
    expect(linkOf('Earned (this month)')?.getAttribute('href')).toBe('/history');
    // History lists a child's chores waiting for review too.
    expect(linkOf('Pending')?.getAttribute('href')).toBe('/history');

    await user.click(screen.getByRole('link', { name: 'Completed (this month)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
  });
});
