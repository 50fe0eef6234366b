import type { ReactNode } from 'react';
import type { CsvColumn } from '../lib/csv.ts';

/** A column shown in the table and written to the CSV export with the same text. */
export interface Column<Row> extends CsvColumn<Row> {
  /** A richer cell (a link, a button); the text otherwise. */
  render?: (row: Row) => ReactNode;
  numeric?: boolean;
  /** Long free text (JSON, reasons) that wraps; every other cell stays on one line. */
  wrap?: boolean;
}

const cellClass = <Row,>(column: Column<Row>) =>
  column.numeric ? 'numeric' : column.wrap ? 'wrap' : undefined;

interface DataTableProps<Row> {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** Cells after the data columns that are not exported (row actions). */
  actions?: { header: string; render: (row: Row) => ReactNode };
  /** A class for a row (a live list marks its new rows). */
  rowClass?: (row: Row) => string | undefined;
}

/** A labelled, sideways-scrolling table; the scroller takes focus so keyboards can scroll it too. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  actions,
  rowClass,
}: DataTableProps<Row>) {
  const width = columns.length + (actions ? 1 : 0);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
            {actions && <th scope="col">{actions.header}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={width} className="table-empty">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClass?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={cellClass(column)}>
                  {column.render ? column.render(row) : column.text(row)}
                </td>
              ))}
              {actions && <td>{actions.render(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
