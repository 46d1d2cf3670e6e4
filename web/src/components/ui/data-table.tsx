import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { cn } from '@/utils/cn';

export interface DataColumn<T> {
  /** The column heading; on a narrow screen, the label beside each value. */
  label: string;
  /** What the row shows in this column. */
  cell: (row: T) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** A heading read out but not shown (e.g. "Actions"); its cells show no label either. */
  hideLabel?: boolean;
  /** The cell names its row (a row heading), e.g. the plan of a limits table. */
  rowHeader?: boolean;
  /** The cells' class, or a class per row, e.g. "muted" for a child's hidden name. */
  className?: string | ((row: T) => string | undefined);
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<DataColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
}

/** True while the element is wider inside than it shows (it scrolls sideways). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * A table of rows with labelled columns. Where its box is narrow (a phone, a
 * dialog) each row becomes a card of "label: value" lines, so no column is out
 * of sight; where it is wide enough it is a plain table, and a table still too
 * wide for its box scrolls sideways and can then be focused to scroll by
 * keyboard. Table roles are given explicitly: the stacked rows are blocks,
 * which some browsers would otherwise no longer read as a table.
 */
export function DataTable<T>({ label, columns, rows, rowKey }: DataTableProps<T>) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(wrapRef);
  const { t } = useTranslation();

  return (
    <div
      ref={wrapRef}
      className="table-wrap"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': t('table.scrollsSideways', { label }) } : {})}
    >
      <table className="table" role="table" aria-label={label}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.label} scope="col" role="columnheader" className={column.numeric ? 'num' : undefined}>
                {column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => {
                const own = typeof column.className === 'function' ? column.className(row) : column.className;
                const className = cn(column.numeric && 'num', own) || undefined;
                const labelProp = column.hideLabel ? {} : { 'data-label': column.label };
                return column.rowHeader ? (
                  <th key={column.label} scope="row" role="rowheader" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} role="cell" className={className} {...labelProp}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
