import { useState } from 'react';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { PageSizeSelect, type PageSize } from '../../../components/table/page-size-select.tsx';
import { Pager } from '../../../components/table/pager.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import '../../../components/table/report-toolbar.css';

export const BET_REPORT_TYPES = ['Sports', 'Casino'] as const;
export const BET_SIDES = ['All', 'Back', 'Lay'] as const;
type BetSide = (typeof BET_SIDES)[number];

interface BetRow {
  id: string;
  eventName: string;
  nation: string;
  userRate: string;
  amount: string;
  placeDate: string;
}

interface BetTotals {
  count: number;
  amount: string;
}

const columns: Column<BetRow>[] = [
  { key: 'event', header: 'Event Name', cell: (row) => row.eventName },
  { key: 'nation', header: 'Nation', cell: (row) => row.nation },
  { key: 'rate', header: 'User Rate', cell: (row) => row.userRate, align: 'right' },
  { key: 'amount', header: 'Amount', cell: (row) => formatMoney(row.amount), align: 'right' },
  { key: 'date', header: 'Place Date', cell: (row) => formatDateTime(row.placeDate) },
];

/** Totals come from the report; until it has answered they show as not loaded. */
function Totals({ totals }: { totals: BetTotals | null }) {
  return (
    <div className="report-totals" data-testid="bet-totals">
      <span>
        Total Bets: <strong data-testid="total-bets">{totals ? totals.count : '—'}</strong>
      </span>
      <span>
        Total Amount: <strong data-testid="total-amount">{totals ? formatMoney(totals.amount) : '—'}</strong>
      </span>
    </div>
  );
}

export function CurrentBetsPage() {
  const [type, setType] = useState<string>(BET_REPORT_TYPES[0]);
  const [side, setSide] = useState<BetSide>('All');
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [search, setSearch] = useState('');
  const rows: BetRow[] = [];
  const totals: BetTotals | null = null;

  return (
    <section className="page" data-testid="current-bets">
      <h1 className="page-title">Current Bets</h1>
      <form className="panel panel-body report-filters" onSubmit={(event) => event.preventDefault()}>
        <label className="field">
          <span className="field-label">Report type</span>
          <select value={type} onChange={(e) => setType(e.target.value)} data-testid="report-type">
            {BET_REPORT_TYPES.map((option) => (
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
          <div className="segmented" role="radiogroup" aria-label="Bet side" data-testid="bet-side">
            {BET_SIDES.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="bet-side"
                  value={option}
                  checked={side === option}
                  onChange={() => setSide(option)}
                />
                {option}
              </label>
            ))}
          </div>
          <Totals totals={totals} />
          <input
            className="input report-search"
            type="search"
            placeholder="Search"
            aria-label="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="report-search"
          />
        </div>
        <DataTable
          label="Current bets"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          emptyText="No records found"
        />
        <Pager page={1} pageCount={0} onPage={() => undefined} />
      </div>
    </section>
  );
}
