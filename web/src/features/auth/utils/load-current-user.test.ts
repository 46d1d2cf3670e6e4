import { describe, expect, it, vi } from 'vitest';

import { loadCurrentUser } from './load-current-user';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { signIn } from '@/testing/test-utils';

/** Each GET /users/me waits for the test to answer it. */
function holdReads() {
  const held: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => held.push(resolve))),
  );
  return held;
}

/** Answers the held read at `index`, which must have been made. */
function answerRead(held: ((response: Response) => void)[], index: number, response: Response) {
  const answer = held[index];
  if (!answer) throw new Error(`read ${index} was never made`);
  answer(response);
}

describe('loadCurrentUser', () => {
  it('keeps the later read when an earlier one answers last', async () => {
    signIn(buildUser({ firstName: 'Jane' }));
    const held = holdReads();
    const earlier = loadCurrentUser();
    const later = loadCurrentUser();
    answerRead(held, 1, jsonResponse(200, buildUser({ firstName: 'Later' })));
    await later;
    answerRead(held, 0, jsonResponse(200, buildUser({ firstName: 'Earlier' })));
    await earlier;
    expect(useSessionStore.getState().user?.firstName).toBe('Later');
    expect(useSessionStore.getState().userStatus).toBe('idle');
  });

  it('drops a read that answers after the user was set from a newer answer', async () => {
    signIn(buildUser({ firstName: 'Jane' }));
    const held = holdReads();
    const read = loadCurrentUser();
    useSessionStore.getState().setUser(buildUser({ firstName: 'Saved' }));
    answerRead(held, 0, jsonResponse(200, buildUser({ firstName: 'Jane' })));
    await read;
    expect(useSessionStore.getState().user?.firstName).toBe('Saved');
  });

  it('keeps the answer when nothing happened meanwhile', async () => {
    signIn(buildUser({ firstName: 'Jane' }));
    const held = holdReads();
    const read = loadCurrentUser();
    expect(useSessionStore.getState().userStatus).toBe('loading');
    answerRead(held, 0, jsonResponse(200, buildUser({ firstName: 'Renamed' })));
    await read;
    expect(useSessionStore.getState()).toMatchObject({ userStatus: 'idle', user: { firstName: 'Renamed' } });
  });
});
