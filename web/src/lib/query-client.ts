import { QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';

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
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Failed to load ${query.meta?.what ?? 'data'}`, error),
    }),
    defaultOptions: {
      // Data shown is kept while a screen loads it again (each visit asks the server anew).
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
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
