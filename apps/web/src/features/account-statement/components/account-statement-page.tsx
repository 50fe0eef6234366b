import { useState, type FormEvent } from 'react';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { PageSizeSelect, type PageSize } from '../../../components/table/page-size-select.tsx';
import { Pager } from '../../../components/table/pager.tsx';
import { isValidRange, lastDaysRange } from '../../../lib/dates.ts';
import { STATEMENT_TYPES, StatementFilters, type StatementFilterValues } from './statement-filters.tsx';
import '../../../components/table/report-toolbar.css';

interface StatementRow {
  id: string;
  date: string;
  srNo: number;
  credit: string;
  debit: string;
  pts: string;
  remark: string;
}

const columns: Column<StatementRow>[] = [
  { key: 'date', header: 'Date', cell: (row) => row.date },
  { key: 'sr', header: 'Sr no', cell: (row) => row.srNo, align: 'right' },
  { key: 'credit', header: 'Credit', cell: (row) => row.credit, align: 'right' },
  { key: 'debit', header: 'Debit', cell: (row) => row.debit, align: 'right' },
  { key: 'pts', header: 'Pts', cell: (row) => row.pts, align: 'right' },
  { key: 'remark', header: 'Remark', cell: (row) => row.remark },
];

/** Statement rows arrive with the statement report; until then the table is empty. */
export function AccountStatementPage() {
  const [filters, setFilters] = useState<StatementFilterValues>(() => ({
    ...lastDaysRange(new Date()),
    type: STATEMENT_TYPES[0],
  }));
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [search, setSearch] = useState('');
  const [rangeError, setRangeError] = useState(false);
  const rows: StatementRow[] = [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRangeError(!isValidRange(filters.from, filters.to));
  };

  return (
    <section className="page" data-testid="account-statement">
      <h1 className="page-title">Account Statement</h1>
      <StatementFilters values={filters} onChange={setFilters} onSubmit={onSubmit} rangeError={rangeError} />
      <div className="panel">
        <div className="report-bar">
          <PageSizeSelect value={pageSize} onChange={setPageSize} />
          <input
            className="input report-search"
            type="search"
            placeholder="Search remarks"
            aria-label="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="report-search"
          />
        </div>
        <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="No records found" />
        <Pager page={1} pageCount={0} onPage={() => undefined} />
      </div>
    </section>
  );
}
