import { useMemo } from 'react';
import { drawnAmount, formatAmount } from '../lib/chart-figures.ts';
import { Chart, type ChartSeries } from './chart.tsx';

/** A day (YYYY-MM-DD) and its signed result as an API amount. */
export type DayResult = { day: string; value: string };

type DayResultChartProps = {
  /** What is drawn, short: "GGR", "Own share". */
  figure: string;
  days: readonly DayResult[];
};

/**
 * A result day by day: days won above the line, days lost below it in the danger colour, so a bad day
 * stands out before its figure is read.
 */
export function DayResultChart({ figure, days }: DayResultChartProps) {
  const chart = useMemo(() => chartOf(figure, days), [figure, days]);
  if (days.length === 0) return null;
  return (
    <Chart
      title={`${figure} by day`}
      summary={`${figure} on ${days.length} days: ${chart.won} won, ${chart.lost} lost, ${chart.total} in all.`}
      x={chart.x}
      series={chart.series}
    />
  );
}

function chartOf(figure: string, days: readonly DayResult[]) {
  const values = days.map((day) => drawnAmount(day.value));
  const series: ChartSeries[] = [
    {
      label: `${figure} won`,
      values: values.map((value) => (value >= 0 ? value : null)),
      color: 'teal',
      style: 'bars',
      format: formatAmount,
    },
    {
      label: `${figure} lost`,
      values: values.map((value) => (value < 0 ? value : null)),
      color: 'danger',
      style: 'bars',
      format: formatAmount,
    },
  ];
  return {
    // Days as 25 Nov: the year and the weekday add nothing a report of weeks needs.
    x: { kind: 'category' as const, header: 'Day', values: [], labels: days.map((day) => dayLabel(day.day)) },
    series,
    won: values.filter((value) => value > 0).length,
    lost: values.filter((value) => value < 0).length,
    total: formatAmount(values.reduce((sum, value) => sum + value, 0)),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A report day (YYYY-MM-DD) as "25 Nov"; the text itself if it is no date. */
function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}
