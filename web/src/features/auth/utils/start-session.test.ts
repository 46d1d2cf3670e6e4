import { describe, expect, it } from 'vitest';

import { startSession } from './start-session';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { stubApi } from '@/testing/test-utils';

describe('startSession', () => {
  it('keeps the token and the user the answer names, without asking again', async () => {
    const { requests } = stubApi(() => undefined);
    const user = buildUser();
    expect(await startSession({ token: 'tok-1', user })).toEqual(user);
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-1', user });
    expect(requests).toEqual([]);
  });

  it('reads the user from GET /users/me when the answer names none', async () => {
    const user = buildUser({ firstName: 'Kim' });
    const { requests } = stubApi(({ path }) => (path === '/users/me' ? jsonResponse(200, user) : undefined));
    expect(await startSession({ token: 'tok-2', user: null })).toEqual(user);
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-2', user });
    expect(requests.map((request) => request.path)).toEqual(['/users/me']);
  });
});
