import type { ReactNode } from 'react';

import type { PagedList } from '../utils/use-paged-list';
import { Pagination } from './pagination';
import { Spinner } from '@/components/ui';

export interface PagedListViewProps<Q extends { page: number }, T> {
  list: PagedList<Q, T>;
  /** Names the list, e.g. "Organizations". */
  label: string;
  /** Said while the first page loads, e.g. "Loading organizations…". */
  loadingLabel: string;
  /** The total in words: "1 organization", "3 organizations". */
  countText: (total: number) => string;
  /** Renders the rows of the page shown. */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A paginated list: the rows (kept while the next page loads) and the page
 * controls. A failed load is not shown here: the console shows it as a full page.
 */
export function PagedListView<Q extends { page: number }, T>({
  list,
  label,
  loadingLabel,
  countText,
  children,
}: PagedListViewProps<Q, T>) {
  const { page } = list;
  if (!page) return list.loading && <Spinner label={loadingLabel} />;
  return (
    <div className="admin-list" aria-busy={list.loading || undefined}>
      {children(page.items)}
      <Pagination
        label={label}
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        countText={countText}
        busy={list.loading}
        onPage={(next) => list.setQuery({ page: next } as Partial<Q>)}
      />
    </div>
  );
}
