import type { QueryClient } from '@tanstack/react-query';
import { createContext, useEffect, useState, type ReactNode } from 'react';

import { renewToken } from '@/api/renew-token';
import { startSessionRenewal } from '@/lib/session-renewal';
import { useSessionStore } from '@/stores/session-store';

/**
 * Where the app keeps its server data cache. The cache (TanStack Query's
 * client) is created by the first screen that reads server data
 * (src/app/server-data.tsx), so that the login, which reads none, downloads
 * none of its code.
 */
export interface ServerDataCache {
  /** The cache, made with `create` the first time it is asked for. */
  get(create: () => QueryClient): QueryClient;
  /** The cache, if a screen has made it. */
  current(): QueryClient | null;
}

export const ServerDataContext = createContext<ServerDataCache | null>(null);

function serverDataCache(initial: QueryClient | null): ServerDataCache {
  let client = initial;
  return {
    get: (create) => (client ??= create()),
    current: () => client,
  };
}

export interface AppProviderProps {
  children: ReactNode;
  /** A client of one's own (tests); one made when a screen first needs it otherwise. */
  queryClient?: QueryClient;
  /** Follow the live events of the signed-in user (off in unit tests, which answer every call themselves). */
  liveUpdates?: boolean;
}

/**
 * What every screen runs inside: the server data cache, kept current by the
 * signed-in user's live events, and the session's token, renewed while the
 * app is in use. The cache is emptied when a session ends or another user's
 * begins in its place, so nobody sees the data of the user before them; a new
 * token for the same user (renewed, or after a password change) keeps it.
 * The screens reach the cache through src/app/server-data.tsx.
 */
export function AppProvider({ children, queryClient, liveUpdates = true }: AppProviderProps) {
  const [cache] = useState(() => serverDataCache(queryClient ?? null));
  const token = useSessionStore((state) => state.token);

  // What others change (a child's submission, a review, a credit) reaches
  // the screens showing it without a reload (before any screen has made the
  // cache, nothing is out of date). Their code downloads with the first
  // session, not with the login.
  useEffect(() => {
    if (!liveUpdates || !token) return;
    const following = new AbortController();
    import('@/lib/live-updates')
      .then(({ applyLiveEvent, followLiveUpdates }) => {
        if (following.signal.aborted) return;
        followLiveUpdates(
          token,
          (kind) => {
            const client = cache.current();
            if (client) applyLiveEvent(client, kind);
          },
          following.signal,
        );
      })
      .catch((error: unknown) => console.error('Failed to load the live updates', error));
    return () => following.abort();
  }, [cache, liveUpdates, token]);

  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.token === null || state.token === previous.token) return;
        if (state.user === null || state.user.id !== previous.user?.id) cache.current()?.clear();
      }),
    [cache],
  );

  useEffect(() => startSessionRenewal({ renew: renewToken }).stop, []);

  return <ServerDataContext value={cache}>{children}</ServerDataContext>;
}
