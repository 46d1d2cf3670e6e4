import type { ReactNode } from 'react';

import type { PagedList } from '../utils/use-paged-list';
import { Pagination } from './pagination';
import { Alert, Spinner } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';

export interface PagedListViewProps<Q extends { page: number }, T> {
  list: PagedList<Q, T>;
  /** Names the list, e.g. "Organizations". */
  label: string;
  /** One row, e.g. "organization". */
  noun: string;
  /** The alert when loading fails and the server gives no text. */
  fallback: string;
  /** Renders the rows of the page shown. */
  children: (items: readonly T[]) => ReactNode;
}

/** A paginated list: what went wrong, the rows (kept while the next page loads) and the page controls. */
export function PagedListView<Q extends { page: number }, T>({
  list,
  label,
  noun,
  fallback,
  children,
}: PagedListViewProps<Q, T>) {
  const { page } = list;
  return (
    <>
      {list.error !== null && <Alert>{getErrorMessage(list.error, fallback)}</Alert>}
      {page ? (
        <div className="admin-list" aria-busy={list.loading || undefined}>
          {children(page.items)}
          <Pagination
            label={label}
            page={page.page}
            pageSize={page.pageSize}
            total={page.total}
            noun={noun}
            busy={list.loading}
            onPage={(next) => list.setQuery({ page: next } as Partial<Q>)}
          />
        </div>
      ) : (
        list.loading && <Spinner label={`Loading ${label.toLowerCase()}…`} />
      )}
    </>
  );
}
