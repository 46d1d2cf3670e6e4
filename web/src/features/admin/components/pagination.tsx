import { pageCount } from '../utils/list-query';
import { Button } from '@/components/ui';

export interface PaginationProps {
  /** Names the controls, e.g. "Organizations". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** "organization", "user": the total reads "1 organization", "3 organizations". */
  noun: string;
  /** No page can be chosen while the next one loads. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** Previous and Next, "Page N of M" and the total count of a server-side paginated list. */
export function Pagination({ label, page, pageSize, total, noun, busy, onPage }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <span className="muted small">
        {total} {total === 1 ? noun : `${noun}s`}
      </span>
      <div className="pagination__controls">
        <Button variant="secondary" size="sm" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="pagination__status" aria-live="polite">
          Page {page} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
