import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

import { createQueryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';

export interface AppProviderProps {
  children: ReactNode;
  /** A client of one's own (tests); a new one otherwise. */
  queryClient?: QueryClient;
}

/**
 * What every screen runs inside: the server data cache. The cache is emptied
 * when a session ends or another begins in its place, so nobody sees the
 * data of the user before them.
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.token !== null && state.token !== previous.token) client.clear();
      }),
    [client],
  );

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
