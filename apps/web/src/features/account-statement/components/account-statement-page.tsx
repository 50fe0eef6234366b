import { useState, type FormEvent } from 'react';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { PageSizeSelect, type PageSize } from '../../../components/table/page-size-select.tsx';
import { Pager } from '../../../components/table/pager.tsx';
import { isValidRange, lastDaysRange } from '../../../lib/dates.ts';
import '../../../components/table/report-toolbar.css';

export const STATEMENT_TYPES = ['All', 'Deposit/Withdraw', 'Sports', 'Casino'] as const;

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

export function AccountStatementPage() {
  const [range, setRange] = useState(() => lastDaysRange(new Date()));
  const [type, setType] = useState<string>(STATEMENT_TYPES[0]);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [search, setSearch] = useState('');
  const [rangeError, setRangeError] = useState(false);
  const rows: StatementRow[] = [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRangeError(!isValidRange(range.from, range.to));
  };

  return (
    <section className="page" data-testid="account-statement">
      <h1 className="page-title">Account Statement</h1>
      <form className="panel panel-body report-filters" onSubmit={onSubmit}>
        <label className="field">
          <span className="field-label">From</span>
          <input
            type="date"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
            data-testid="date-from"
          />
        </label>
        <label className="field">
          <span className="field-label">To</span>
          <input
            type="date"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
            data-testid="date-to"
          />
        </label>
        <label className="field">
          <span className="field-label">Report type</span>
          <select value={type} onChange={(e) => setType(e.target.value)} data-testid="report-type">
            {STATEMENT_TYPES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" data-testid="report-submit">
          Submit
        </button>
        {rangeError && (
          <p className="error-text" role="alert">
            The start date must not be after the end date.
          </p>
        )}
      </form>
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
