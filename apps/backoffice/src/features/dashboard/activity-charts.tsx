import { dashboardHistorySchema, type DashboardHistory } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Chart, type ChartAxis, type ChartSeries } from '../../components/chart.tsx';
import { ErrorNote } from '../../components/notice.tsx';
import { drawnAmount, formatAmount, formatRate, peakText } from '../../lib/chart-figures.ts';
import { http, withQuery } from '../../lib/http.ts';

const HOURS = 6;
/** The history moves on by whole minutes. */
const REFRESH_MS = 60_000;

const minute = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** Bets per second and turnover per minute over the last hours, every product. */
export function ActivityCharts() {
  const query = useQuery({
    queryKey: ['dashboard-history', HOURS],
    queryFn: ({ signal }) =>
      http(withQuery('/api/admin/dashboard/history', { hours: HOURS }), {
        schema: dashboardHistorySchema,
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });
  const charts = useMemo(() => query.data && chartsOf(query.data), [query.data]);
  return (
    <>
      <ErrorNote error={query.error} />
      {charts && (
        <div className="charts">
          <Chart
            title={`Bets per second, last ${HOURS} hours`}
            summary={`Bets per second by minute over the last ${HOURS} hours, every product: ${charts.betsPeak}.`}
            x={charts.x}
            series={charts.bets}
          />
          <Chart
            title={`Turnover per minute, last ${HOURS} hours`}
            summary={`Turnover per minute over the last ${HOURS} hours, every product: ${charts.turnoverPeak}.`}
            x={charts.x}
            series={charts.turnover}
          />
        </div>
      )}
    </>
  );
}

function chartsOf(history: DashboardHistory) {
  const x: ChartAxis = {
    kind: 'time',
    header: 'Minute',
    values: history.points.map((point) => Date.parse(point.at) / 1000),
    labels: history.points.map((point) => minute.format(new Date(point.at))),
  };
  const perSecond = history.points.map((point) => point.bets / history.bucketSeconds);
  const turnover = history.points.map((point) => drawnAmount(point.turnover));
  const bets: ChartSeries[] = [
    { label: 'Bets per second', values: perSecond, color: 'teal', style: 'line', format: formatRate },
  ];
  const turnoverSeries: ChartSeries[] = [
    { label: 'Turnover', values: turnover, color: 'accent', style: 'bars', format: formatAmount },
  ];
  return {
    x,
    bets,
    turnover: turnoverSeries,
    betsPeak: peakText(perSecond, x.labels, formatRate),
    turnoverPeak: peakText(turnover, x.labels, formatAmount),
  };
}
