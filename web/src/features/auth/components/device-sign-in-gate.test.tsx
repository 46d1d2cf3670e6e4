import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionStore } from '@/stores/session-store';
import { stubSomeApi } from '@/testing/device-api';
import { childUser, jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const nina = childUser('MONEY');
const DEVICE_UNKNOWN = {
  error: 'Unauthorized',
  message: 'This device is no longer signed in. Ask a parent for a new sign-in code.',
  code: 'DEVICE_UNKNOWN',
};

const deviceLogins = (requests: ReturnType<typeof stubSomeApi>) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/auth/device/login');

describe('a child’s own device without a session', () => {
  it('signs in with its device token on start and shows the page asked for, never the login', async () => {
    useDeviceLinkStore.getState().remember('device-1');
    const requests = stubSomeApi((request) =>
      request.path === '/auth/device/login' ? jsonResponse(200, { token: 'session-1', user: nina }) : undefined,
    );
    const { router } = renderRoute('/history');

    expect(await screen.findByRole('heading', { name: 'History', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/history');
    expect(deviceLogins(requests).map((request) => request.body)).toEqual([{ deviceToken: 'device-1' }]);
    expect(useSessionStore.getState()).toMatchObject({ token: 'session-1', user: nina });
  });

  it('signs in again when the session ends while in use, and stays on the page', async () => {
    useDeviceLinkStore.getState().remember('device-1');
    signIn(nina, 'expired-session');
    const requests = stubSomeApi((request) => {
      // The stored session has expired: the start's read of the account is refused.
      if (request.path === '/users/me') return jsonResponse(401, { error: 'Unauthorized' });
      if (request.path === '/auth/device/login') return jsonResponse(200, { token: 'session-2', user: nina });
      return undefined;
    });
    const { router } = renderRoute('/history');

    await waitFor(() => expect(useSessionStore.getState().token).toBe('session-2'));
    expect(await screen.findByRole('heading', { name: 'History', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/history');
    expect(deviceLogins(requests)).toHaveLength(1);
  });

  it('forgets a device a parent signed out and shows the login, saying why', async () => {
    useDeviceLinkStore.getState().remember('device-1');
    stubSomeApi((request) => (request.path === '/auth/device/login' ? jsonResponse(401, DEVICE_UNKNOWN) : undefined));
    const { router } = renderRoute('/');

    expect(await screen.findByText('This device is no longer signed in. Ask a parent for a new sign-in code.')).toBeTruthy();
    expect(screen.getByText('Your session has ended.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(useDeviceLinkStore.getState().deviceToken).toBeNull();
  });

  it('offers to try again when the server cannot be reached', async () => {
    const user = userEvent.setup();
    useDeviceLinkStore.getState().remember('device-1');
    let answer = new Response('', { status: 503 });
    stubSomeApi((request) => (request.path === '/auth/device/login' ? answer : undefined));
    renderRoute('/');

    expect(await screen.findByText("We couldn't sign you in")).toBeTruthy();
    expect(useDeviceLinkStore.getState().deviceToken).toBe('device-1');
    answer = jsonResponse(200, { token: 'session-3', user: nina });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'My Dashboard', level: 1 })).toBeTruthy();
  });

  it('leaves an ordinary browser to the login', async () => {
    const requests = stubSomeApi(() => undefined);
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(deviceLogins(requests)).toEqual([]);
  });
});
