import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

import { renewToken } from '@/api/renew-token';
import { createQueryClient } from '@/lib/query-client';
import { startSessionRenewal } from '@/lib/session-renewal';
import { useSessionStore } from '@/stores/session-store';

export interface AppProviderProps {
  children: ReactNode;
  /** A client of one's own (tests); a new one otherwise. */
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
 */
export function AppProvider({ children, queryClient, liveUpdates = true }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const token = useSessionStore((state) => state.token);

  // What others change (a child's submission, a review, a credit) reaches
  // the screens showing it without a reload.
  // Their code downloads with the first session, not with the login.
  useEffect(() => {
    if (!liveUpdates || !token) return;
    const following = new AbortController();
    import('@/lib/live-updates')
      .then(({ applyLiveEvent, followLiveUpdates }) => {
        if (!following.signal.aborted) followLiveUpdates(token, (kind) => applyLiveEvent(client, kind), following.signal);
      })
      .catch((error: unknown) => console.error('Failed to load the live updates', error));
    return () => following.abort();
  }, [client, liveUpdates, token]);

  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.token === null || state.token === previous.token) return;
        if (state.user === null || state.user.id !== previous.user?.id) client.clear();
      }),
    [client],
  );

  useEffect(() => startSessionRenewal({ renew: renewToken }).stop, []);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
