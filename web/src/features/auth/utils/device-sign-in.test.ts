import { describe, expect, it } from 'vitest';

import { needsDeviceSignIn, SIGN_IN_AGAIN_AFTER_MS, signedInTooRecently, signInWithDevice } from './device-sign-in';
import { STORAGE_KEYS } from '@/lib/storage';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionStore } from '@/stores/session-store';
import { childUser, jsonResponse } from '@/testing/fixtures';
import { stubApi } from '@/testing/test-utils';

const child = childUser('MONEY');

/** This browser as a child's own device, with `deviceToken`. */
function linkedDevice(deviceToken = 'device-1') {
  useDeviceLinkStore.getState().remember(deviceToken);
}

describe('needsDeviceSignIn', () => {
  const state = { sessionToken: null, deviceToken: 'device-1', pathname: '/' };

  it('signs a child’s device in when it has no session, on any page', () => {
    expect(needsDeviceSignIn(state)).toBe(true);
    expect(needsDeviceSignIn({ ...state, pathname: '/history' })).toBe(true);
    expect(needsDeviceSignIn({ ...state, pathname: '/login' })).toBe(true);
  });

  it('leaves alone a browser with a session, or one that is no child’s device', () => {
    expect(needsDeviceSignIn({ ...state, sessionToken: 'session-1' })).toBe(false);
    expect(needsDeviceSignIn({ ...state, deviceToken: null })).toBe(false);
  });

  it('leaves alone the pages that sign in their own way: a new sign-in code, the family tablet', () => {
    expect(needsDeviceSignIn({ ...state, pathname: '/link' })).toBe(false);
    expect(needsDeviceSignIn({ ...state, pathname: '/tablet' })).toBe(false);
  });
});

describe('signedInTooRecently', () => {
  it('holds back a new sign-in shortly after the last one only', () => {
    expect(signedInTooRecently(null, 1_000)).toBe(false);
    expect(signedInTooRecently(1_000, 1_000 + SIGN_IN_AGAIN_AFTER_MS - 1)).toBe(true);
    expect(signedInTooRecently(1_000, 1_000 + SIGN_IN_AGAIN_AFTER_MS)).toBe(false);
  });
});

describe('signInWithDevice', () => {
  it('opens a session with the device token and keeps it as a login does', async () => {
    linkedDevice('device-1');
    const { requests } = stubApi(({ method, path }) =>
      method === 'POST' && path === '/auth/device/login' ? jsonResponse(200, { token: 'session-1', user: child }) : undefined,
    );

    expect(await signInWithDevice()).toEqual({ kind: 'signed-in' });
    expect(requests).toEqual([{ method: 'POST', path: '/auth/device/login', body: { deviceToken: 'device-1' } }]);
    expect(useSessionStore.getState()).toMatchObject({ token: 'session-1', user: child });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('session-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceToken)).toBe('device-1');
  });

  it('makes one call for callers that ask at once', async () => {
    linkedDevice();
    const { requests } = stubApi(() => jsonResponse(200, { token: 'session-1', user: child }));
    const outcomes = await Promise.all([signInWithDevice(), signInWithDevice()]);
    expect(outcomes).toEqual([{ kind: 'signed-in' }, { kind: 'signed-in' }]);
    expect(requests).toHaveLength(1);
  });

  it('forgets a device the server no longer knows (a parent signed it out)', async () => {
    linkedDevice();
    stubApi(() =>
      jsonResponse(401, { error: 'Unauthorized', message: 'This device is no longer signed in.', code: 'DEVICE_UNKNOWN' }),
    );
    expect(await signInWithDevice()).toEqual({ kind: 'forgotten' });
    expect(useDeviceLinkStore.getState().deviceToken).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceToken)).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('keeps the device token when the family is suspended, and says why', async () => {
    linkedDevice();
    stubApi(() =>
      jsonResponse(401, { error: 'Unauthorized', message: 'This family is suspended', code: 'FAMILY_SUSPENDED' }),
    );
    const outcome = await signInWithDevice();
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.reason).toBeTruthy();
    expect(useDeviceLinkStore.getState().deviceToken).toBe('device-1');
  });

  it('keeps the device token when no answer comes, to try again', async () => {
    linkedDevice();
    stubApi(() => new Response('', { status: 503 }));
    expect(await signInWithDevice()).toEqual({ kind: 'failed' });
    expect(useDeviceLinkStore.getState().deviceToken).toBe('device-1');
  });

  it('does not sign in again at once when the session it opened has ended already', async () => {
    linkedDevice();
    const { requests } = stubApi(() => jsonResponse(200, { token: 'session-1', user: child }));
    const start = Date.now();
    expect(await signInWithDevice(start)).toEqual({ kind: 'signed-in' });
    useSessionStore.getState().clearSession();

    expect(await signInWithDevice(start + 1_000)).toEqual({ kind: 'refused', reason: null });
    expect(requests).toHaveLength(1);
    expect(await signInWithDevice(start + SIGN_IN_AGAIN_AFTER_MS + 1_000)).toEqual({ kind: 'signed-in' });
    expect(requests).toHaveLength(2);
  });

  it('does nothing on a browser that is no child’s device', async () => {
    const { requests } = stubApi(() => undefined);
    expect(await signInWithDevice()).toEqual({ kind: 'forgotten' });
    expect(requests).toEqual([]);
  });
});
