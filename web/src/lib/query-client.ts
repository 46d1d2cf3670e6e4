import { MutationCache, onlineManager, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';

import { noteMfaSetupRequired } from './mfa-setup-required';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** What the query loads, for the log when it fails, e.g. "children". */
      what?: string;
    };
  }
}

/**
 * The one cache of server data. A failed load is logged here, once, and
 * otherwise left to the screen (most show nothing for it, spec §8). Loads are
 * not retried and not repeated on window focus: a failure shows at once and a
 * screen changes only when it is opened again or after the user acts.
 * Offline, calls are still made rather than held back until the network
 * returns (networkMode 'always'): they fail at once, screens show their error
 * state beside the offline banner, and a change is never sent later, unseen.
 * Coming back online loads the screen's data again (refetchOnReconnect, which
 * networkMode 'always' would otherwise turn off). A call refused until a
 * super admin sets up two-factor sign-in sends them to its setup.
 */
export function createQueryClient(): QueryClient {
  // TanStack Query takes the network to be up until the browser fires 'offline';
  // a page opened offline gets no such event, and would not load again on 'online'.
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        noteMfaSetupRequired(error);
        console.error(`Failed to load ${query.meta?.what ?? 'data'}`, error);
      },
    }),
    mutationCache: new MutationCache({ onError: noteMfaSetupRequired }),
    defaultOptions: {
      // Data shown is kept while a screen loads it again (each visit asks the server anew).
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always', refetchOnReconnect: true },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Marks the given resources stale after a change the server has taken; the
 * screens showing them load them again. Resolves once they have.
 */
export async function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
