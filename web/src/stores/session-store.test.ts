import { describe, expect, it } from 'vitest';

import { ownRewardUnitOf, useSessionStore } from './session-store';
import { STORAGE_KEYS } from '@/lib/storage';
import { buildUser, childUser } from '@/testing/fixtures';
import type { User } from '@/types/api';

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

  it('replaces only the token on replaceToken, keeping the user', () => {
    const user = buildUser();
    useSessionStore.getState().setSession('old', user);
    useSessionStore.getState().replaceToken('new');

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
    expect(useSessionStore.getState()).toMatchObject({ token: 'new', user });
  });

  it('removes both keys on clearSession', () => {
    useSessionStore.getState().setSession('tok', buildUser());
    useSessionStore.getState().clearSession();

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
  });
});

describe('ownRewardUnitOf', () => {
  it("is a child's unit from their profile", () => {
    expect(ownRewardUnitOf(childUser('POINTS'))).toBe('POINTS');
    expect(ownRewardUnitOf(childUser('SCREEN_TIME'))).toBe('SCREEN_TIME');
    expect(ownRewardUnitOf(childUser('CUSTOM'))).toBe('CUSTOM');
    expect(ownRewardUnitOf(childUser('MONEY'))).toBe('MONEY');
  });

  it('is null for parents, even with a unit in their profile, and for no user', () => {
    expect(ownRewardUnitOf(null)).toBeNull();
    expect(ownRewardUnitOf(buildUser())).toBeNull();
    const profile = { uiTheme: 'ADULT', rewardDisplayType: 'POINTS' } as const;
    expect(ownRewardUnitOf(buildUser({ role: 'ORG_ADMIN', profile }))).toBeNull();
    expect(ownRewardUnitOf(buildUser({ role: 'SUPER_ADMIN', profile }))).toBeNull();
  });

  it('is null for a stored child without a unit (or with an unknown one)', () => {
    // As an older version may have stored it.
    const stored = (profile: unknown) => ({ ...childUser('POINTS'), profile }) as User;
    expect(ownRewardUnitOf(stored(null))).toBeNull();
    expect(ownRewardUnitOf(stored({ uiTheme: 'KIDS' }))).toBeNull();
    expect(ownRewardUnitOf(stored({ uiTheme: 'KIDS', rewardDisplayType: 'GOLD' }))).toBeNull();
  });
});
