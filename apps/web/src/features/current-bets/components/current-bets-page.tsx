import { useState } from 'react';
import { useBalance } from '../../../components/balance/balance-context.ts';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { PageSizeSelect, type PageSize } from '../../../components/table/page-size-select.tsx';
import { Pager } from '@backlay/front-kit/pager';
import { formatAmount } from '../../../lib/balance-socket.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatMoney } from '@backlay/front-kit/money';
import { BET_SIDES, type ReportRow, type SideFilter } from '../bet-report.ts';
import { useReport, type ReportType } from './use-report.ts';
import '../../../components/table/report-toolbar.css';
import '../current-bets.css';

export const BET_REPORT_TYPES: readonly ReportType[] = ['Sports', 'Casino'];

const columns: Column<ReportRow>[] = [
  { key: 'event', header: 'Event Name', cell: (row) => row.eventName, testId: 'cell-event' },
  {
    key: 'nation',
    header: 'Nation',
    cell: (row) => (
      <>
        {row.side && (
          <span className={`side-tag side-${row.side.toLowerCase()}`}>
            {row.side === 'BACK' ? 'Back' : 'Lay'}
          </span>
        )}
        {row.nation}
      </>
    ),
    testId: 'cell-nation',
  },
  { key: 'rate', header: 'User Rate', cell: (row) => row.userRate, align: 'right', testId: 'cell-rate' },
  {
    key: 'amount',
    header: 'Amount',
    cell: (row) => formatMoney(row.amount),
    align: 'right',
    testId: 'cell-amount',
  },
  { key: 'date', header: 'Place Date', cell: (row) => formatDateTime(row.placeDate), testId: 'cell-date' },
];

/** Balance and exposure from the header's socket, so the report and the money held agree at a glance. */
function FundsStrip() {
  const { view } = useBalance();
  if (view.status !== 'live') return null;
  return (
    <p className="funds-strip" data-testid="funds-strip">
      <span>
        Balance: <strong>{formatAmount(view.money)}</strong>
      </span>
      {view.exposure !== null && (
        <span>
          Exposure: <strong data-testid="funds-exposure">{formatAmount(view.exposure)}</strong>
        </span>
      )}
    </p>
  );
}

/** Current Bet: the player's open bets (Sports) or casino bets, live, with side filter, totals and search. */
export function CurrentBetsPage() {
  const [draftType, setDraftType] = useState<ReportType>('Sports');
  const [type, setType] = useState<ReportType>('Sports');
  const [side, setSide] = useState<SideFilter>('All');
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const report = useReport({ type, side, search, page, pageSize });
  const casino = type === 'Casino';

  return (
    <section className="page" data-testid="current-bets">
      <h1 className="page-title">Current Bets</h1>
      <FundsStrip />
      <form
        className="panel panel-body report-filters"
        onSubmit={(event) => (event.preventDefault(), setType(draftType), setPage(1))}
      >
        <label className="field">
          <span className="field-label">Report type</span>
          <select
            value={draftType}
            onChange={(e) => setDraftType(e.target.value as ReportType)}
            data-testid="report-type"
          >
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
          <PageSizeSelect value={pageSize} onChange={(size) => (setPageSize(size), setPage(1))} />
          <fieldset className="segmented" disabled={casino} data-testid="bet-side">
            <legend className="visually-hidden">Bet side</legend>
            {BET_SIDES.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="bet-side"
                  value={option}
                  checked={side === option}
                  onChange={() => (setSide(option), setPage(1))}
                />
                {option}
              </label>
            ))}
          </fieldset>
          <div className="report-totals" data-testid="bet-totals">
            <span>
              Total Bets:{' '}
              <strong data-testid="total-bets">{report.totals ? report.totals.count : '—'}</strong>
            </span>
            <span>
              Total Amount:{' '}
              <strong data-testid="total-amount">
                {report.totals ? formatMoney(report.totals.amount) : '—'}
              </strong>
            </span>
          </div>
          <input
            className="input report-search"
            type="search"
            placeholder="Search"
            aria-label="Search"
            value={search}
            onChange={(e) => (setSearch(e.target.value), setPage(1))}
            data-testid="report-search"
          />
        </div>
        <DataTable
          label="Current bets"
          columns={columns}
          rows={report.rows}
          rowKey={(row) => row.id}
          emptyText={report.failed ? 'Bets could not be loaded.' : 'No records found'}
          loading={report.loading}
          refreshing={report.refreshing}
          testId="current-bets-table"
          rowTestId="current-bet-row"
        />
        <Pager
          page={Math.min(page, Math.max(report.pageCount, 1))}
          pageCount={report.pageCount}
          onPage={setPage}
        />
      </div>
    </section>
  );
}
