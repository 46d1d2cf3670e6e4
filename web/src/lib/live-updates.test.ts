import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { affectedBy, applyLiveEvent, followLiveUpdates } from './live-updates';
import { queryKeys } from './query-keys';

/** An answer whose body is the given Server-Sent Events text. */
function eventStream(text: string): Response {
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live updates', () => {
  it('mark what each event changed as stale, and nothing else', () => {
    const client = new QueryClient();
    for (const key of [queryKeys.pendingSubmissions, queryKeys.dashboardStats, queryKeys.chores, queryKeys.members]) {
      client.setQueryData(key, []);
    }
    applyLiveEvent(client, 'submission.created');
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.pendingSubmissions)).toBe(true);
    expect(stale(queryKeys.dashboardStats)).toBe(true);
    expect(stale(queryKeys.chores)).toBe(false);
    expect(stale(queryKeys.members)).toBe(false);
  });

  it('reload everything on a reload event, and nothing on an unknown one', () => {
    expect(affectedBy('reload')).toBeNull();
    expect(affectedBy('something.new')).toEqual([]);
    const client = new QueryClient();
    client.setQueryData(queryKeys.members, []);
    applyLiveEvent(client, 'something.new');
    expect(client.getQueryState(queryKeys.members)?.isInvalidated).toBe(false);
    applyLiveEvent(client, 'reload');
    expect(client.getQueryState(queryKeys.members)?.isInvalidated).toBe(true);
  });

  it('send the token in a header, never in the address, and pass each event on', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(eventStream('id: 7\nevent: submission.created\ndata: {}\n\n: keep-alive\n\n')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const heard: string[] = [];
    const following = new AbortController();
    followLiveUpdates('secret-token', (kind) => heard.push(kind), following.signal);
    await vi.waitFor(() => expect(heard).toEqual(['submission.created']));
    following.abort();
    const [input, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(input).toBe('/api/events');
    expect(input).not.toContain('secret-token');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('follow a broken stream again, and stop for good when the server refuses it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answers = [eventStream('id: 3\nevent: chore.changed\ndata: {}\n\n'), new Response('{}', { status: 401 })];
      const fetchMock = vi.fn(() => Promise.resolve(answers.shift() ?? new Response('{}', { status: 500 })));
      vi.stubGlobal('fetch', fetchMock);
      const following = new AbortController();
      followLiveUpdates('a-token', () => undefined, following.signal);
      // The first stream ends; the next try says which event came last.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const [, retried] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
      expect(new Headers(retried.headers).get('last-event-id')).toBe('3');
      // Refused (the session ended): never asked for again.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      following.abort();
    } finally {
      vi.useRealTimers();
    }
  });
});
