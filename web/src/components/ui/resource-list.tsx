import type { ReactNode } from 'react';

import { EmptyState } from './empty-state';
import { Spinner } from './spinner';
import type { Resource } from '@/hooks/use-resource';

export interface ResourceListProps<T> {
  resource: Resource<readonly T[]>;
  /** Read out while loading, e.g. "Loading chores…". */
  loadingLabel: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** Renders the items once loaded. */
  children: (items: readonly T[]) => ReactNode;
}

/** A loaded list: a spinner while loading, the empty text, or the items. A failed load shows nothing. */
export function ResourceList<T>({ resource, loadingLabel, empty, children }: ResourceListProps<T>) {
  if (resource.status === 'loading') return <Spinner label={loadingLabel} />;
  if (resource.status === 'failed') return null;
  if (resource.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return children(resource.data);
}
