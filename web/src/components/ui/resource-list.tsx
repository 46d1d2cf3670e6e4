import type { ReactNode } from 'react';

import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

/** What a list screen reads of its query (TanStack Query's result). */
export interface ListQuery<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
}

export interface ResourceListProps<T> {
  query: ListQuery<T>;
  /** Read out while loading, e.g. "Loading chores…". */
  loadingLabel: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** Renders the items once loaded. */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A loaded list: a spinner while loading, the empty text, or the items. A
 * failed load shows nothing (it is logged); a list already shown stays when
 * loading it again fails.
 */
export function ResourceList<T>({ query, loadingLabel, empty, children }: ResourceListProps<T>) {
  const { data } = query;
  if (data === undefined) return query.isPending ? <Spinner label={loadingLabel} /> : null;
  if (data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return children(data);
}
