import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { codeFromHash } from './device-link-page';
import { STORAGE_KEYS } from '@/lib/storage';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionStore } from '@/stores/session-store';
import { stubSomeApi } from '@/testing/device-api';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const nina = childUser('MONEY');
const LINKED = { deviceToken: 'device-9', token: 'session-9', user: nina };
const LINK_INVALID = {
  error: 'Bad Request',
  message: 'This sign-in code is invalid or has expired. Ask a parent for a new one.',
  code: 'LINK_INVALID',
};

const claims = (requests: ReturnType<typeof stubSomeApi>) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/auth/device/link');

describe('codeFromHash', () => {
  it('reads the code from the fragment, and nothing from an empty one', () => {
    expect(codeFromHash('#aB3_x-9Q')).toBe('aB3_x-9Q');
    expect(codeFromHash('#a%20b')).toBe('a b');
    expect(codeFromHash('#')).toBeNull();
    expect(codeFromHash('')).toBeNull();
    expect(codeFromHash('#%E0%A4%A')).toBeNull();
  });
});

describe('/link, a sign-in code opened on a child’s device', () => {
  afterEach(() => configure({ reactStrictMode: false }));

  it('claims the code once, keeps the device token and the session, and opens the child’s home', async () => {
    // StrictMode runs effects twice, as the app does in development: the code still goes once.
    configure({ reactStrictMode: true });
    const requests = stubSomeApi((request) =>
      request.path === '/auth/device/link' ? jsonResponse(200, LINKED) : undefined,
    );
    const { router } = renderRoute('/link#code-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('');
    expect(await screen.findByRole('heading', { name: 'My Dashboard', level: 1 })).toBeTruthy();
    expect(claims(requests)).toHaveLength(1);
    const body = claims(requests)[0]?.body as { code: string; deviceName: string };
    expect(body.code).toBe('code-1');
    expect(body.deviceName).toBeTruthy();
    expect(useSessionStore.getState()).toMatchObject({ token: 'session-9', user: nina });
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceToken)).toBe('device-9');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('session-9');
  });

  it('says a used or expired code does not work, offers the login, and keeps nothing', async () => {
    stubSomeApi((request) => (request.path === '/auth/device/link' ? jsonResponse(400, LINK_INVALID) : undefined));
    const { router } = renderRoute('/link#used-code');

    expect(await screen.findByRole('heading', { name: 'This code does not work', level: 1 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This sign-in code is invalid or has expired. Ask a parent for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(router.state.location.hash).toBe('');
    expect(useDeviceLinkStore.getState().deviceToken).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('says the same of a link without a code, asking nothing', async () => {
    const requests = stubSomeApi(() => undefined);
    renderRoute('/link');
    expect(await screen.findByRole('heading', { name: 'This code does not work', level: 1 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This sign-in code is invalid or has expired. Ask a parent for a new one.',
    );
    expect(claims(requests)).toEqual([]);
  });

  it('offers to try again when no answer came, and then signs in', async () => {
    const user = userEvent.setup();
    let answer = new Response('', { status: 502 });
    const requests = stubSomeApi((request) => (request.path === '/auth/device/link' ? answer : undefined));
    const { router } = renderRoute('/link#code-2');

    expect(await screen.findByRole('heading', { name: "We couldn't sign you in", level: 1 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Check your connection and try again.');
    answer = jsonResponse(200, LINKED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(claims(requests).map((request) => (request.body as { code: string }).code)).toEqual(['code-2', 'code-2']);
  });

  it('asks a parent signed in on this browser first, and leaves their session alone on Cancel', async () => {
    const user = userEvent.setup();
    signIn(buildUser({ firstName: 'Jane', lastName: 'Doe' }), 'parent-session');
    const requests = stubSomeApi((request) => (request.path === '/auth/device/link' ? jsonResponse(200, LINKED) : undefined));
    const { router } = renderRoute('/link#code-3');

    expect(await screen.findByRole('heading', { name: "Sign in your child's device?", level: 1 })).toBeTruthy();
    expect(screen.getByText(/You are signed in here as Jane Doe/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(claims(requests)).toEqual([]);
    expect(useSessionStore.getState().token).toBe('parent-session');
  });

  it("makes a parent's browser the child's device when asked, ending the parent's session", async () => {
    const user = userEvent.setup();
    signIn(buildUser(), 'parent-session');
    const requests = stubSomeApi((request) => {
      if (request.path === '/auth/device/link') return jsonResponse(200, LINKED);
      if (request.path === '/auth/logout') return new Response(null, { status: 204 });
      return undefined;
    });
    const { router } = renderRoute('/link#code-4');

    await user.click(await screen.findByRole('button', { name: 'Sign in for my child' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(claims(requests)).toHaveLength(1);
    const logout = requests.find((request) => request.path === '/auth/logout');
    expect(logout?.authorization).toBe('Bearer parent-session');
    expect(useSessionStore.getState()).toMatchObject({ token: 'session-9', user: nina });
    expect(useDeviceLinkStore.getState().deviceToken).toBe('device-9');
  });
});
