import { useCallback, useEffect, useState } from 'react';

import type { Page } from '../types';

interface Loaded<T> {
  /** The query (and reload) the page or error belongs to. */
  key: string;
  page: Page<T> | null;
  error: unknown;
}

export interface PagedListOptions<Q, T> {
  load: (query: Q, signal: AbortSignal) => Promise<Page<T>>;
  initialQuery: Q;
  /** The first page when it was loaded already (with the console's first load). */
  initialPage?: Page<T>;
  /** Nothing is loaded while false (a tab not opened yet). */
  enabled?: boolean;
  /** For the log when loading fails, e.g. "users". */
  what: string;
}

export interface PagedList<Q, T> {
  query: Q;
  /** Changes the query and loads it; the page goes back to 1 unless the change sets it. */
  setQuery: (change: Partial<Q>) => void;
  /** The rows shown: the last page loaded, kept while the next one loads. */
  page: Page<T> | null;
  loading: boolean;
  /** Why the current query failed to load, if it did. */
  error: unknown;
  /** Loads the current query again (after a change on the server). */
  reload: () => void;
}

/** A server-side paginated, filtered list: loads again whenever the query changes. */
export function usePagedList<Q extends { page: number }, T>({
  load,
  initialQuery,
  initialPage,
  enabled = true,
  what,
}: PagedListOptions<Q, T>): PagedList<Q, T> {
  const [query, setQueryState] = useState(initialQuery);
  const [version, setVersion] = useState(0);
  const key = `${version}:${JSON.stringify(query)}`;
  const [loaded, setLoaded] = useState<Loaded<T>>(() => ({
    key: initialPage ? key : '',
    page: initialPage ?? null,
    error: null,
  }));

  useEffect(() => {
    if (!enabled || loaded.key === key) return;
    const controller = new AbortController();
    load(query, controller.signal)
      .then((page) => setLoaded({ key, page, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to load ${what}`, error);
        setLoaded((current) => ({ key, page: current.page, error }));
      });
    return () => controller.abort();
  }, [enabled, key, load, loaded.key, query, what]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  // Every change loads again, even to the same query (a retry after a failure, Search pressed twice).
  const setQuery = useCallback(
    (change: Partial<Q>) => {
      setQueryState((current) => ({ ...current, page: 1, ...change }));
      reload();
    },
    [reload],
  );

  const current = loaded.key === key;
  return {
    query,
    setQuery,
    page: loaded.page,
    loading: enabled && !current,
    error: current ? loaded.error : null,
    reload,
  };
}
