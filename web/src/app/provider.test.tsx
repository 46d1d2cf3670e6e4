import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { buildChild } from '@/testing/children';
import { jsonResponse, userWithRole } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const sam = buildChild({ balance: 12.5 });

describe('the server data cache', () => {
  it('shares one children list between screens, and keeps it shown when reading it again fails', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    let childLoads = 0;
    const { requests } = stubApi(({ method, path }) => {
      if (method !== 'GET') return undefined;
      if (path === '/children') {
        childLoads += 1;
        // Later reads fail: what the next screen shows came from the cache.
        return childLoads === 1 ? jsonResponse(200, [sam]) : undefined;
      }
      if (path === '/dashboard/stats' || path === '/payouts') return jsonResponse(200, path === '/payouts' ? [] : {});
      return undefined;
    });
    const { router } = renderRoute('/');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await waitFor(() => expect(childLoads).toBe(1));

    await router.navigate('/payouts');
    const form = await screen.findByRole('form', { name: 'Record payout' });
    expect(within(form).getByRole('option', { name: 'Sam (balance $12.50)' })).toBeTruthy();
    // The cached list shows at once; its reading again is asked for beside it.
    await waitFor(() => expect(requests.filter((request) => request.path === '/children')).toHaveLength(2));
  });

  it('keeps the data when a new token comes for the same user (renewed, or after a password change)', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    let childLoads = 0;
    stubApi(({ method, path }) => {
      if (method !== 'GET' || path !== '/children') return undefined;
      childLoads += 1;
      // Later reads never end: what shows then came from the cache.
      return childLoads === 1 ? jsonResponse(200, [sam]) : undefined;
    });
    const { router } = renderRoute('/payouts');
    await within(await screen.findByRole('form', { name: 'Record payout' })).findByRole('option', {
      name: 'Sam (balance $12.50)',
    });
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));

    useSessionStore.getState().replaceToken('renewed-token');
    await router.navigate('/categories');
    await screen.findByRole('heading', { name: 'Categories', level: 1 });
    await router.navigate('/payouts');

    const form = await screen.findByRole('form', { name: 'Record payout' });
    expect(within(form).getByRole('option', { name: 'Sam (balance $12.50)' })).toBeTruthy();
    expect(screen.queryByText('Loading children…')).toBeNull();
  });

  it('forgets the data of a user who logs out', async () => {
    signIn(userWithRole('ORG_ADMIN'));
    stubApi(({ method, path }) => (method === 'GET' && path === '/children' ? jsonResponse(200, [sam]) : undefined));
    const { router } = renderRoute('/payouts');
    const form = await screen.findByRole('form', { name: 'Record payout' });
    await within(form).findByRole('option', { name: 'Sam (balance $12.50)' });

    useSessionStore.getState().clearSession();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    // The next parent to sign in on this browser waits for their own children.
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        return new Promise<Response>(() => undefined);
      }),
    );
    signIn(userWithRole('ORG_ADMIN'), 'other-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/payouts');
    expect(await screen.findByText('Loading children…')).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Sam/ })).toBeNull();
    expect(urls).toContain('/api/children');
  });
});
