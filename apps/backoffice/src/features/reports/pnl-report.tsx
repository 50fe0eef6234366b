import type { PnlRow } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { ErrorNote } from '../../components/notice.tsx';
import { fetchPnl, type ReportRange } from './api.ts';

const GROUPS = ['day', 'product', 'sport'] as const;

const COLUMNS: readonly Column<PnlRow>[] = [
  { header: 'Key', text: (row) => row.key },
  { header: 'Turnover', text: (row) => row.turnover, align: 'right' },
  { header: 'Winnings', text: (row) => row.winnings, align: 'right' },
  { header: 'GGR', text: (row) => row.ggr, align: 'right' },
  { header: 'Commission', text: (row) => row.commission, align: 'right' },
];

/** Profit and loss over the period, by day, product or sport, with the total as the last row. */
export function PnlReport({ range }: { range: ReportRange }) {
  const [by, setBy] = useState<(typeof GROUPS)[number]>('day');
  const query = useQuery({
    queryKey: ['pnl', range, by],
    queryFn: ({ signal }) => fetchPnl(range, by, signal),
  });
  const rows = query.data ? [...query.data.rows, { ...query.data.total, key: 'Total' }] : [];
  return (
    <section className="stack" aria-labelledby="pnl-title">
      <div className="page-head">
        <h2 id="pnl-title" className="section-title">
          Profit and loss
        </h2>
        <div className="page-tools">
          <label className="field">
            <span className="field-label">Group by</span>
            <select value={by} onChange={(event) => setBy(event.target.value as typeof by)}>
              {GROUPS.map((group) => (
                <option key={group}>{group}</option>
              ))}
            </select>
          </label>
          <CsvButton name={`pnl-${range.from}-${range.to}`} columns={COLUMNS} rows={rows} />
        </div>
      </div>
      <ErrorNote error={query.error} />
      <DataTable
        label="Profit and loss"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.key}
        loading={query.isPending}
        emptyText="Nothing in this period."
      />
    </section>
  );
}
