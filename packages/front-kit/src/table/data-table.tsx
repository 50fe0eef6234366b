import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region.tsx';

interface ColumnLayout {
  /** Heads the column on screen and in the CSV export. */
  header: string;
  /** Tells the columns apart when two share a header; the header otherwise. */
  key?: string;
  align?: 'left' | 'right' | 'center';
  /** Extra class on the header and body cells of this column (a minimum width, wrapping text). */
  className?: string;
  /** `data-testid` on each body cell of this column, for tests that read one value. */
  testId?: string;
}

/**
 * A column of a table. `text` is the cell as text: what the table shows unless `cell` renders it
 * richer (a link, a formatted figure), and what the CSV export writes, so an export is what was on
 * screen. A column with only `cell` (row actions) is shown but not exported.
 */
export type Column<Row> = ColumnLayout &
  (
    | { text: (row: Row) => string; cell?: (row: Row) => ReactNode }
    | { text?: undefined; cell: (row: Row) => ReactNode }
  );

const keyOf = (column: ColumnLayout) => column.key ?? column.header;

const cellClass = (column: ColumnLayout): string =>
  `align-${column.align ?? 'left'}${column.className ? ` ${column.className}` : ''}`;

export interface DataTableProps<Row> {
  /** Names the scrollable region and the table for screen readers, e.g. "Account statement". */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in a single full-width row when there are no rows. */
  emptyText: string;
  /** No rows yet because the first answer is on its way: the empty row says so. */
  loading?: boolean;
  /** Rows are on screen but newer ones are loading: the table is dimmed and marked busy. */
  refreshing?: boolean;
  /** A class for a row (a live list marks its new rows). */
  rowClass?: (row: Row) => string | undefined;
  testId?: string;
  rowTestId?: string;
}

/** A labelled table in a sideways-scrolling region that keyboards can scroll too. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, emptyText, loading, refreshing, rowClass, testId, rowTestId } = props;
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
              <th key={keyOf(column)} className={cellClass(column)} scope="col">
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
              <tr key={rowKey(row)} className={rowClass?.(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={keyOf(column)} className={cellClass(column)} data-testid={column.testId}>
                    {column.cell ? column.cell(row) : column.text?.(row)}
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
