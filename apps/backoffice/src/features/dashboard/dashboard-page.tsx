import type { Dashboard, MarketExposure } from '@backlay/contracts';
import { Link } from 'react-router';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../paths.ts';
import { useTopExposures } from '../../lib/top-exposures.ts';
import { ActivityCharts } from './activity-charts.tsx';
import { readReplicaFact } from './read-replica-fact.ts';
import { useDashboard } from './use-dashboard.ts';

/** Markets the dashboard lists, the largest liabilities first. */
const LARGEST = 5;

const LIABILITY_COLUMNS: readonly Column<MarketExposure>[] = [
  {
    header: 'Market',
    text: (row) => `${row.event} · ${row.market}`,
    cell: (row) => <Link to={paths.market(row.marketId)}>{`${row.event} · ${row.market}`}</Link>,
  },
  { header: 'Sport', text: (row) => row.sport },
  { header: 'Liability', text: (row) => row.liability, align: 'right' },
  { header: 'Matched', text: (row) => row.matched, align: 'right' },
  { header: 'Players', text: (row) => String(row.players), align: 'right' },
];

const STATE_TEXT = { connecting: 'Connecting…', live: 'Live', offline: 'Reconnecting…' } as const;

export default function DashboardPage() {
  const { query, state } = useDashboard();
  const data = query.data;
  // Live from `admin-exposures` (docs/decisions/0253); the dashboard's own list until it answers.
  const { top } = useTopExposures();
  const liabilities = top?.markets.liability.slice(0, LARGEST) ?? data?.largestLiabilities ?? [];
  return (
    <section className="page">
      <PageHead title="Dashboard">
        <span className={state === 'live' ? 'live-dot' : 'live-dot off'} aria-hidden="true" />
        <span className="note" role="status">
          {STATE_TEXT[state]}
        </span>
      </PageHead>
      <ErrorNote error={query.error} />
      {data && <Figures data={data} />}
      {data && data.alerts.length > 0 && (
        <ul className="alerts" aria-label="Alerts">
          {data.alerts.map((alert) => (
            <li key={`${alert.kind}:${alert.subject}`} className="alert">
              <strong>{alert.kind.replaceAll('_', ' ').toLowerCase()}</strong> {alert.message}
            </li>
          ))}
        </ul>
      )}
      <ActivityCharts />
      <ListPage
        title="Largest liabilities"
        titleId="liabilities-title"
        csv={{ name: 'liabilities' }}
        label="Largest liabilities"
        columns={LIABILITY_COLUMNS}
        rows={liabilities}
        rowKey={(row) => row.marketId}
        loading={!top && query.isPending}
        emptyText="No open exposure."
      />
    </section>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const facts: [string, string][] = [
    ['Turnover today', data.today.turnover],
    ['GGR today', data.today.ggr],
    ['Open exposure', data.openExposure],
    [`Players online (${data.onlineWindowMinutes} min)`, String(data.playersOnline)],
    ['Bets per second', data.betsPerSecond.toFixed(2)],
    ...data.today.products.map((day): [string, string] => [`${day.product} GGR`, day.ggr]),
    readReplicaFact(data.readReplica),
    ['As of', formatDateTime(data.at)],
  ];
  return (
    <dl className="facts panel" aria-label="Today">
      {facts.map(([term, value]) => (
        <div key={term} className="fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
