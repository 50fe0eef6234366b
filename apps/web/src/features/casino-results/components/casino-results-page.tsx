import { useState } from 'react';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { PageSizeSelect, type PageSize } from '../../../components/table/page-size-select.tsx';
import { Pager } from '../../../components/table/pager.tsx';
import { toIsoDate } from '../../../lib/dates.ts';
import '../../../components/table/report-toolbar.css';

/** The in-house round games whose results are kept. */
export const CASINO_TYPES = [
  'Teenpatti',
  'Dragon Tiger',
  'Lucky 7',
  'Andar Bahar',
  'Aviator',
  'Ball by Ball',
] as const;

interface ResultRow {
  roundId: string;
  winner: string;
}

const columns: Column<ResultRow>[] = [
  { key: 'round', header: 'Round ID', cell: (row) => row.roundId },
  { key: 'winner', header: 'Winner', cell: (row) => row.winner },
];

export function CasinoResultsPage() {
  const [date, setDate] = useState(() => toIsoDate(new Date()));
  const [casinoType, setCasinoType] = useState<string>(CASINO_TYPES[0]);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const rows: ResultRow[] = [];

  return (
    <section className="page" data-testid="casino-results">
      <h1 className="page-title">Casino Results</h1>
      <form className="panel panel-body report-filters" onSubmit={(event) => event.preventDefault()}>
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
          <select
            value={casinoType}
            onChange={(e) => setCasinoType(e.target.value)}
            data-testid="casino-type"
          >
            {CASINO_TYPES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" data-testid="report-submit">
          Submit
        </button>
      </form>
      <div className="panel">
        <div className="report-bar">
          <PageSizeSelect value={pageSize} onChange={setPageSize} />
        </div>
        <DataTable
          label="Casino results"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.roundId}
          emptyText="No records found"
        />
        <Pager page={1} pageCount={0} onPage={() => undefined} />
      </div>
    </section>
  );
}
