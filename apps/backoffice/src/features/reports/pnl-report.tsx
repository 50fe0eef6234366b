import type { PnlRow } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Column } from '@backlay/front-kit/data-table';
import { DayResultChart } from '../../components/day-result-chart.tsx';
import { ListPage } from '../../components/list-page.tsx';
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
  // The days drawn above their table; products and sports read better as the table alone.
  const days = useMemo(
    () =>
      query.data?.by === 'day' ? query.data.rows.map((row) => ({ day: row.key, value: row.ggr })) : null,
    [query.data],
  );
  return (
    <ListPage
      title="Profit and loss"
      titleId="pnl-title"
      tools={
        <label className="field">
          <span className="field-label">Group by</span>
          <select value={by} onChange={(event) => setBy(event.target.value as typeof by)}>
            {GROUPS.map((group) => (
              <option key={group}>{group}</option>
            ))}
          </select>
        </label>
      }
      filters={days && <DayResultChart figure="GGR" days={days} />}
      csv={{ name: `pnl-${range.from}-${range.to}` }}
      error={query.error}
      label="Profit and loss"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.key}
      loading={query.isPending}
      emptyText="Nothing in this period."
    />
  );
}
