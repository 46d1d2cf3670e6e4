import { describe, expect, it } from 'vitest';

import { loadCurrentUser } from './load-current-user';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { holdApi, signIn } from '@/testing/test-utils';

describe('loadCurrentUser', () => {
  it('keeps the later read when an earlier one answers last', async () => {
    signIn(buildUser({ firstName: 'Jane' }));
    const held = holdApi(() => true);
    const earlier = loadCurrentUser();
    const later = loadCurrentUser();
    held.answer(1, jsonResponse(200, buildUser({ firstName: 'Later' })));
    await later;
    held.answer(0, jsonResponse(200, buildUser({ firstName: 'Earlier' })));
    await earlier;
    expect(useSessionStore.getState().user?.firstName).toBe('Later');
    expect(useSessionStore.getState().userStatus).toBe('idle');
  });

  it('drops a read that answers after the user was set from a newer answer', async () => {
    signIn(buildUser({ firstName: 'Jane' }));
    const held = holdApi(() => true);
    const read = loadCurrentUser();
    useSessionStore.getState().setUser(buildUser({ firstName: 'Saved' }));
    held.answer(0, jsonResponse(200, buildUser({ firstName: 'Jane' })));
    await read;
    expect(useSessionStore.getState().user?.firstName).toBe('Saved');
  });

  it('keeps the answer when nothing happened meanwhile', async () => {
    signIn(buildUser({ firstName: 'Jane' }));
    const held = holdApi(() => true);
    const read = loadCurrentUser();
    expect(useSessionStore.getState().userStatus).toBe('loading');
    held.answer(0, jsonResponse(200, buildUser({ firstName: 'Renamed' })));
    await read;
    expect(useSessionStore.getState()).toMatchObject({ userStatus: 'idle', user: { firstName: 'Renamed' } });
  });
});
