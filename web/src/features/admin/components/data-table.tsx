import type { ReactNode } from 'react';

export interface DataTableColumn {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** A heading for screen readers only (e.g. "Actions"). */
  hidden?: boolean;
}

export interface DataTableProps {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<string | DataTableColumn>;
  /** The rows. */
  children: ReactNode;
}

/** A scrollable table with its column headings; the rows come as children. */
export function DataTable({ label, columns, children }: DataTableProps) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((entry) => {
              const column = typeof entry === 'string' ? { label: entry } : entry;
              return (
                <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                  {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
