import type { PnlRow } from '@backlay/contracts';
import { useMemo } from 'react';
import { Chart, type ChartSeries } from '../../components/chart.tsx';
import { drawnAmount, formatAmount } from '../../lib/chart-figures.ts';

/**
 * The operator's gross gaming revenue day by day: days won above the line, days lost below it in
 * another colour, so a bad day stands out before its figure is read.
 */
export function PnlChart({ rows }: { rows: readonly PnlRow[] }) {
  const chart = useMemo(() => chartOf(rows), [rows]);
  if (rows.length === 0) return null;
  return (
    <Chart
      title="GGR by day"
      summary={`Gross gaming revenue on ${rows.length} days: ${chart.won} won, ${chart.lost} lost, ${chart.total} in all.`}
      x={chart.x}
      series={chart.series}
    />
  );
}

function chartOf(rows: readonly PnlRow[]) {
  const ggr = rows.map((row) => drawnAmount(row.ggr));
  const series: ChartSeries[] = [
    {
      label: 'GGR won',
      values: ggr.map((value) => (value >= 0 ? value : null)),
      color: 'teal',
      style: 'bars',
      format: formatAmount,
    },
    {
      label: 'GGR lost',
      values: ggr.map((value) => (value < 0 ? value : null)),
      color: 'danger',
      style: 'bars',
      format: formatAmount,
    },
  ];
  return {
    // Days as 25 Nov: the year and the weekday add nothing a report of weeks needs.
    x: { kind: 'category' as const, header: 'Day', values: [], labels: rows.map((row) => dayLabel(row.key)) },
    series,
    won: ggr.filter((value) => value > 0).length,
    lost: ggr.filter((value) => value < 0).length,
    total: formatAmount(ggr.reduce((sum, value) => sum + value, 0)),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A report day (YYYY-MM-DD) as "25 Nov"; the key itself if it is no date. */
function dayLabel(key: string): string {
  const date = new Date(`${key}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? key : dayFormat.format(date);
}
