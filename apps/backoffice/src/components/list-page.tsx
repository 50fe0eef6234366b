import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable, type Column, type DataTableProps } from '@backlay/front-kit/data-table';
import { LoadMore, type LoadMoreProps } from '@backlay/front-kit/load-more';
import type { ReactNode } from 'react';
import { ErrorNote } from './notice.tsx';
import { PageHead } from './page-head.tsx';

interface ListPageProps<Row> extends DataTableProps<Row> {
  /** The heading of a page of its own (h1), or with `titleId` of a list within a page (h2). */
  title: ReactNode;
  titleId?: string;
  /** Extra classes of a list within a page (a panel). */
  className?: string;
  /** Controls beside the heading, before "Download CSV". */
  tools?: ReactNode;
  /** "Download CSV" of the loaded rows with the table's columns, unless other columns or rows are named. */
  csv: { name: string; columns?: readonly Column<Row>[]; rows?: readonly Row[] };
  /** Above the table: filters, forms, notes. */
  filters?: ReactNode;
  error?: unknown;
  /** After the error: what a change did. */
  notes?: ReactNode;
  /** The next page of a cursor-paged list. */
  more?: LoadMoreProps;
  /** Below the table: page numbers, a note. */
  footer?: ReactNode;
}

/**
 * The console's list: heading with its tools and CSV export, filters, the error of the last load or
 * change, the table, and "Load more".
 */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const { title, titleId, className, tools, csv, filters, error, notes, more, footer, ...table } = props;
  const download = (
    <CsvButton name={csv.name} columns={csv.columns ?? table.columns} rows={csv.rows ?? table.rows} />
  );
  return (
    <section
      className={titleId === undefined ? 'page' : ['stack', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      {titleId === undefined ? (
        <PageHead title={title}>
          {tools}
          {download}
        </PageHead>
      ) : (
        <div className="page-head">
          <h2 id={titleId} className="section-title">
            {title}
          </h2>
          <div className="page-tools">
            {tools}
            {download}
          </div>
        </div>
      )}
      {filters}
      <ErrorNote error={error} />
      {notes}
      <DataTable {...table} />
      {more && <LoadMore {...more} />}
      {footer}
    </section>
  );
}
