import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region.tsx';
import './data-table.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** `data-testid` on each body cell of this column, for tests that read one value. */
  testId?: string;
  /** Extra class on the header and body cells of this column (e.g. a minimum width). */
  className?: string;
}

const cellClass = (column: Column<never>): string =>
  `align-${column.align ?? 'left'}${column.className ? ` ${column.className}` : ''}`;

interface DataTableProps<Row> {
  /** Names the scrollable region (and the table) for screen readers, e.g. "Account statement". */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Shown in a single full-width row when there are no rows. */
  emptyText: string;
  loading?: boolean;
  /** Rows are on screen but newer ones are loading: the table is dimmed and marked busy. */
  refreshing?: boolean;
  testId?: string;
  rowTestId?: string;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, emptyText, loading, refreshing, testId, rowTestId } = props;
  return (
    <ScrollRegion label={label}>
      <table
        aria-label={label}
        className={refreshing ? 'data-table refreshing' : 'data-table'}
        aria-busy={loading || refreshing ? true : undefined}
        data-testid={testId}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={cellClass(column)} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty" data-testid="table-empty">
                {loading ? 'Loading…' : emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={column.key} className={cellClass(column)} data-testid={column.testId}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
