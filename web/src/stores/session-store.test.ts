import { describe, expect, it } from 'vitest';

import { useSessionStore } from './session-store';
import { STORAGE_KEYS } from '@/lib/storage';
import { buildUser } from '@/testing/fixtures';

describe('session store', () => {
  it('reads the token and user from local storage', () => {
    const user = buildUser();
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));

    useSessionStore.getState().hydrate();

    expect(useSessionStore.getState().token).toBe('abc');
    expect(useSessionStore.getState().user).toEqual(user);
  });

  it('ignores a stored user that is not valid JSON or not a user', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    useSessionStore.getState().hydrate();
    expect(useSessionStore.getState().user).toBeNull();

    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ hello: 'world' }));
    useSessionStore.getState().hydrate();
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().token).toBe('abc');
  });

  it('stores both keys on setSession', () => {
    const user = buildUser();
    useSessionStore.getState().setSession('tok', user);

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', user });
  });

  it('stores only the token on setToken (accepting an invitation)', () => {
    useSessionStore.getState().setSession('old', buildUser());
    useSessionStore.getState().setToken('new');

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('removes both keys on clearSession', () => {
    useSessionStore.getState().setSession('tok', buildUser());
    useSessionStore.getState().clearSession();

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
  });
});
