import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

import type { Page } from '../types';

export interface PagedListOptions<Q, T> {
  /** The cache key of one page, from its query. */
  key: (query: Q) => QueryKey;
  load: (query: Q, signal: AbortSignal) => Promise<Page<T>>;
  initialQuery: Q;
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
}

/** A server-side paginated, filtered list: loads again whenever the query changes. */
export function usePagedList<Q extends { page: number }, T>({
  key,
  load,
  initialQuery,
  enabled = true,
  what,
}: PagedListOptions<Q, T>): PagedList<Q, T> {
  const [query, setQueryState] = useState(initialQuery);
  const result = useQuery({
    queryKey: key(query),
    queryFn: ({ signal }) => load(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: { what },
  });

  // Every change loads, even to the same query (Search pressed twice).
  const setQuery = (change: Partial<Q>) => {
    const next = { ...query, page: 1, ...change };
    if (JSON.stringify(next) === JSON.stringify(query)) void result.refetch();
    else setQueryState(next);
  };

  return {
    query,
    setQuery,
    page: result.data ?? null,
    loading: result.isFetching,
    error: result.isError ? result.error : null,
  };
}
