import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: string;
  name: string;
  balance: number;
  hidden: boolean;
}

const ROWS: Row[] = [
  { id: '1', name: 'Kit', balance: 10, hidden: false },
  { id: '2', name: 'Tess', balance: 2.5, hidden: true },
];

const COLUMNS: ReadonlyArray<DataColumn<Row>> = [
  { label: 'Name', rowHeader: true, cell: (row) => row.name },
  { label: 'Balance', numeric: true, cell: (row) => `$${row.balance.toFixed(2)}`, className: (row) => (row.hidden ? 'muted' : undefined) },
  { label: 'Actions', hideLabel: true, className: 'table__actions', cell: (row) => <button type="button">Edit {row.name}</button> },
];

function renderTable() {
  render(<DataTable label="Children overview" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
  return screen.getByRole('table', { name: 'Children overview' });
}

describe('DataTable', () => {
  it('is a table with its headings, a row heading and each row in order', () => {
    const table = renderTable();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Balance', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Kit');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$2.50', 'Edit Tess']);
  });

  it('labels each cell with its column for the stacked layout, but not a column whose heading is hidden', () => {
    const table = renderTable();
    const [balance, actions] = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(balance!.dataset.label).toBe('Balance');
    expect(balance!.className).toBe('num');
    expect(actions!.dataset.label).toBeUndefined();
    expect(actions!.className).toBe('table__actions');
    const hiddenHeading = within(table).getByRole('columnheader', { name: 'Actions' });
    expect(hiddenHeading.querySelector('.visually-hidden')?.textContent).toBe('Actions');
    expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[0]!.className).toBe('num muted');
  });

  it('can be focused to scroll by keyboard only while it is too wide for its box', () => {
    let report: () => void = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    renderTable();
    expect(screen.queryByRole('region')).toBeNull();

    scrollWidth.mockReturnValue(900);
    act(() => report());
    expect(screen.getByRole('region', { name: 'Children overview (scrolls sideways)' }).tabIndex).toBe(0);
  });
});
