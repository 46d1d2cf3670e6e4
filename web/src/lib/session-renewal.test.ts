import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setUnauthorizedHandler } from './api-client';
import { pastHalfLife, startSessionRenewal, tokenLifetime, type SessionRenewal } from './session-renewal';
import { STORAGE_KEYS } from './storage';
import { renewToken } from '@/api/renew-token';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { signIn, stubApi } from '@/testing/test-utils';

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token as the server shapes it (the signature is not read). `note` encodes with - and _ in base64url. */
function jwt(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'EdDSA', typ: 'at+jwt' })}.${base64Url({ note: '>>>???', ...payload })}.c2lnbmF0dXJl`;
}

const ISSUED = Date.UTC(2030, 0, 15, 9, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A token issued at ISSUED that lives an hour. */
const TOKEN = jwt({ sub: 'user-1', sid: 'session-1', iat: ISSUED / 1000, exp: (ISSUED + HOUR) / 1000 });

let renewal: SessionRenewal | null = null;
let visibility: DocumentVisibilityState = 'visible';

/** Starts the renewal at `minutes` after the token was issued, with `renew` as the server call. */
function startAt(minutes: number, renew: () => Promise<string>) {
  vi.setSystemTime(ISSUED + minutes * MINUTE);
  renewal = startSessionRenewal({ renew });
  return renewal;
}

/** A renewal call the test answers itself. */
function pendingRenewals() {
  const answers: Array<(token: string) => void> = [];
  const renew = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
  return { renew, answer: (token: string) => answers.forEach((resolve) => resolve(token)) };
}

function press() {
  window.dispatchEvent(new Event('pointerdown'));
}

function show(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  signIn(buildUser(), TOKEN);
});

afterEach(() => {
  renewal?.stop();
  renewal = null;
  vi.useRealTimers();
});

describe('tokenLifetime', () => {
  it('reads iat and exp (seconds) from a base64url payload, in milliseconds', () => {
    expect(tokenLifetime(TOKEN)).toEqual({ issuedAt: ISSUED, expiresAt: ISSUED + HOUR });
  });

  it('is null for anything else', () => {
    for (const token of [
      'test-token',
      'a.b.c',
      `x.${base64Url('just text')}.y`,
      jwt({ iat: ISSUED / 1000 }),
      jwt({ iat: 'yesterday', exp: ISSUED / 1000 }),
      jwt({ iat: ISSUED / 1000, exp: ISSUED / 1000 }),
      `${TOKEN}.extra`,
    ]) {
      expect(tokenLifetime(token), token).toBeNull();
    }
  });

  it('is past half-life from the middle of the lifetime on', () => {
    const lifetime = { issuedAt: ISSUED, expiresAt: ISSUED + HOUR };
    expect(pastHalfLife(lifetime, ISSUED + 29 * MINUTE)).toBe(false);
    expect(pastHalfLife(lifetime, ISSUED + 30 * MINUTE)).toBe(true);
  });
});

describe('session renewal', () => {
  it('renews a token past half its life while the app is in use, keeping the user', async () => {
    const { requests } = stubApi(({ method, path }) =>
      method === 'POST' && path === '/auth/renew' ? jsonResponse(200, { token: 'renewed-token' }) : undefined,
    );
    const user = useSessionStore.getState().user;
    startAt(31, renewToken);

    press();
    await vi.waitFor(() => expect(useSessionStore.getState().token).toBe('renewed-token'));

    expect(requests).toEqual([{ method: 'POST', path: '/auth/renew', body: undefined }]);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('renewed-token');
    expect(useSessionStore.getState().user).toBe(user);
  });

  it('looks at the token as the app opens', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    startAt(50, renew);
    await vi.advanceTimersByTimeAsync(0);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBe('renewed-token');
  });

  it('sends the stored token with the renewal', async () => {
    const { fetchMock } = stubApi(() => jsonResponse(200, { token: 'renewed-token' }));
    await startAt(45, renewToken).check();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('leaves a fresh token alone, and renews it at the first minutely check past half-life', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    startAt(0, renew);

    press();
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(renew).not.toHaveBeenCalled();

    // Someone is still using the app; the timer alone brings the renewal.
    press();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBe('renewed-token');
  });

  it('does not renew for an app left alone, and renews on the next use', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    // A token of two hours: past half-life from minute 60.
    const token = jwt({ iat: ISSUED / 1000, exp: (ISSUED + 2 * HOUR) / 1000 });
    signIn(buildUser(), token);
    startAt(20, renew);

    // Last used at minute 20 (the start): left alone from minute 50.
    await vi.advanceTimersByTimeAsync(45 * MINUTE);
    expect(renew).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe(token);

    window.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(renew).toHaveBeenCalledTimes(1));
    expect(useSessionStore.getState().token).toBe('renewed-token');
  });

  it('renews while in use, up to 30 minutes after the last use', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    startAt(5, renew);
    // Used at minute 5; half-life at 30; still counts as in use then.
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('does not renew in a hidden tab, and renews when it is shown again', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    visibility = 'hidden';
    startAt(31, renew);

    press();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(renew).not.toHaveBeenCalled();

    show('visible');
    await vi.waitFor(() => expect(useSessionStore.getState().token).toBe('renewed-token'));
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('makes one call for checks that come while a renewal is under way', async () => {
    const { renew, answer } = pendingRenewals();
    const running = startAt(40, renew);

    const checks = [running.check(), running.check()];
    press();
    window.dispatchEvent(new Event('keydown'));
    show('visible');
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(renew).toHaveBeenCalledTimes(1);

    answer('renewed-token');
    await Promise.all(checks);
    expect(useSessionStore.getState().token).toBe('renewed-token');

    // Done: the new token is fresh, nothing more is asked.
    press();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('does nothing with a token it cannot read', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    signIn(buildUser(), 'test-token');
    startAt(59, renew);

    press();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    useSessionStore.getState().replaceToken(TOKEN.split('.').slice(0, 2).join('.'));
    press();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(renew).not.toHaveBeenCalled();
  });

  it('does nothing without a session', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    useSessionStore.getState().clearSession();
    startAt(59, renew);
    press();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(renew).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('tries again at the next check when the network failed', async () => {
    let reachable = false;
    const fetchMock = vi.fn(() =>
      reachable
        ? Promise.resolve(jsonResponse(200, { token: 'renewed-token' }))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    startAt(35, renewToken);

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBe(TOKEN);

    reachable = true;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useSessionStore.getState().token).toBe('renewed-token');
  });

  it('ends the session the way any 401 does when the token is refused', async () => {
    stubApi(() => jsonResponse(401, { error: 'Invalid or expired token', message: 'Invalid or expired token' }));
    const ended = vi.fn();
    const restore = setUnauthorizedHandler(ended);
    try {
      await startAt(70, renewToken).check();
    } finally {
      restore();
    }
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(ended).toHaveBeenCalledWith({ reason: null, userId: 'user-1' });
  });

  it('keeps no renewed token for a session that ended meanwhile', async () => {
    const { renew, answer } = pendingRenewals();
    const running = startAt(40, renew);
    const checked = running.check();
    useSessionStore.getState().clearSession();
    answer('renewed-token');
    await checked;
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('stops looking once stopped', async () => {
    const renew = vi.fn(() => Promise.resolve('renewed-token'));
    startAt(10, renew).stop();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    press();
    show('visible');
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(renew).not.toHaveBeenCalled();
  });
});

describe('tabs of one browser', () => {
  function storedByAnotherTab(token: string, user = buildUser()) {
    window.localStorage.setItem(STORAGE_KEYS.token, token);
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: token }));
  }

  it('take up the token another tab stored for the same user', () => {
    startAt(10, vi.fn());
    storedByAnotherTab('other-tab-token');
    expect(useSessionStore.getState().token).toBe('other-tab-token');
    expect(useSessionStore.getState().user?.id).toBe('user-1');
  });

  it("leave another user's token alone", () => {
    startAt(10, vi.fn());
    storedByAnotherTab('someone-else', buildUser({ id: 'user-7' }));
    expect(useSessionStore.getState().token).toBe(TOKEN);
  });
});
