import { useState, type FormEvent } from 'react';
import type { CasinoResultItem } from '@backlay/contracts';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { PageSizeSelect, type PageSize } from '../../../components/table/page-size-select.tsx';
import { Pager } from '@backlay/front-kit/pager';
import { toIsoDate } from '../../../lib/dates.ts';
import { useResults, type ResultsParams } from '../api/results.ts';
import { useTables } from '../api/tables.ts';
import { RoundDetailDialog } from './round-detail-dialog.tsx';
import '../../../components/table/report-toolbar.css';
import './live-tables.css';

/** The crash game's results are listed under this id. */
export const CRASH_RESULTS_ID = 'crash';

export function pageCountOf(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/** Casino Results (`/CasinoResult`): settled rounds by day and casino type, paged by the server. */
export function CasinoResultsPage() {
  const [date, setDate] = useState(() => toIsoDate(new Date()));
  const [table, setTable] = useState('');
  const [applied, setApplied] = useState<ResultsParams>(() => ({
    table: '',
    date: toIsoDate(new Date()),
    page: 1,
    pageSize: 10,
  }));
  const [open, setOpen] = useState<number | null>(null);
  const tables = useTables().data?.tables ?? [];
  const results = useResults(applied);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied((current) => ({ ...current, table, date, page: 1 }));
  };

  const columns: Column<CasinoResultItem>[] = [
    {
      key: 'round',
      header: 'Round ID',
      cell: (row) => (
        <button
          type="button"
          className="link-button"
          onClick={() => setOpen(row.roundId)}
          aria-label={`Round ${row.roundId}, ${row.tableName}: show cards and fairness data`}
          data-testid="result-round"
        >
          {row.roundId}
        </button>
      ),
    },
    { key: 'winner', header: 'Winner', cell: (row) => row.winner, testId: 'result-winner' },
  ];
  // With every casino listed, a winner such as "255-2" needs its table next to it.
  if (applied.table === '') {
    columns.splice(1, 0, { key: 'casino', header: 'Casino', cell: (row) => row.tableName });
  }

  return (
    <section className="page" data-testid="casino-results">
      <h1 className="page-title">Casino Results</h1>
      <form className="panel panel-body report-filters" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Date</span>
          <input
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            data-testid="result-date"
          />
        </label>
        <label className="field">
          <span className="field-label">Casino type</span>
          <select value={table} onChange={(e) => setTable(e.target.value)} data-testid="casino-type">
            <option value="">All</option>
            {tables.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
            <option value={CRASH_RESULTS_ID}>Aviator</option>
          </select>
        </label>
        <button type="submit" className="btn btn-primary" data-testid="report-submit">
          Submit
        </button>
      </form>
      <div className="panel">
        <div className="report-bar">
          <PageSizeSelect
            value={applied.pageSize as PageSize}
            onChange={(pageSize) => setApplied((current) => ({ ...current, pageSize, page: 1 }))}
          />
        </div>
        {results.error && (
          <p role="alert" className="panel-body">
            The results could not be loaded.
          </p>
        )}
        <DataTable
          label="Casino results"
          columns={columns}
          rows={results.data?.items ?? []}
          rowKey={(row) => String(row.roundId)}
          emptyText="No records found"
          loading={results.isPending}
          refreshing={results.isPlaceholderData}
          testId="results-table"
          rowTestId="result-row"
        />
        <Pager
          page={applied.page}
          pageCount={pageCountOf(results.data?.total ?? 0, applied.pageSize)}
          onPage={(page) => setApplied((current) => ({ ...current, page }))}
        />
      </div>
      <RoundDetailDialog roundId={open} onClose={() => setOpen(null)} />
    </section>
  );
}
