import { useTranslation } from 'react-i18next';

import { pageCount } from '../utils/list-query';
import { Button } from '@/components/ui';

export interface PaginationProps {
  /** Names the controls, e.g. "Organizations". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** The total in words: "1 organization", "3 organizations". */
  countText: (total: number) => string;
  /** No page can be chosen while the next one loads. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** Previous and Next, "Page N of M" and the total count of a server-side paginated list. */
export function Pagination({ label, page, pageSize, total, countText, busy, onPage }: PaginationProps) {
  const { t } = useTranslation('admin');
  const pages = pageCount(total, pageSize);
  return (
    <nav className="pagination" aria-label={t('pagination.label', { label })}>
      <span className="muted small">{countText(total)}</span>
      <div className="pagination__controls">
        <Button variant="secondary" size="sm" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
          {t('pagination.previous')}
        </Button>
        <span className="pagination__status" aria-live="polite">
          {t('pagination.status', { page, pages })}
        </span>
        <Button variant="secondary" size="sm" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
          {t('pagination.next')}
        </Button>
      </div>
    </nav>
  );
}
