import { QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

import { ServerDataContext } from './provider';
import { createQueryClient } from '@/lib/query-client';

/**
 * The server data cache around a lazily loaded screen (src/app/router.tsx):
 * the first screen shown makes it, and every screen after shares it. It
 * downloads with the screens, so the login's first load carries none of
 * TanStack Query's client.
 */
export function WithServerData({ children }: { children: ReactNode }) {
  const cache = useContext(ServerDataContext);
  if (!cache) throw new Error('WithServerData must be rendered inside AppProvider');
  return <QueryClientProvider client={cache.get(createQueryClient)}>{children}</QueryClientProvider>;
}
