import type { Feed, FeedMarket } from '@backlay/contracts';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { useMay } from '../../lib/permissions.ts';
import { paths } from '../../paths.ts';
import { ConfirmResult } from './confirm-result.tsx';
import { FeedControls } from './feed-controls.tsx';
import { isLive, lagText, progressPercent } from './feed-forms.ts';

/** Enough of a long error list to act on; the count says how many there are in all. */
const ERRORS_SHOWN = 20;

const marketColumns = (feedId: string, mayTrade: boolean): readonly Column<FeedMarket>[] => [
  { header: 'Source market', text: (market) => market.sourceMarketId },
  {
    header: 'Market',
    text: (market) => market.marketId,
    cell: (market) => <Link to={paths.market(market.marketId)}>{market.marketId}</Link>,
  },
  { header: 'Event', text: (market) => market.eventId },
  {
    header: 'Status',
    text: (market) => (market.resultPending ? `${market.status}, result to confirm` : market.status),
  },
  ...(mayTrade
    ? [{ header: 'Result', cell: (market: FeedMarket) => <ConfirmResult feedId={feedId} market={market} /> }]
    : []),
];

const publishTime = (pt: number | null) => (pt === null ? '–' : formatDateTime(new Date(pt).toISOString()));

function feedFacts(feed: Feed): [string, string][] {
  return [
    ['State', feed.state],
    ['Applied', feed.applied.toLocaleString('en-GB')],
    ['Skipped', feed.skipped.toLocaleString('en-GB')],
    ['Lag', lagText(feed.lagMs)],
    ['Last publish', publishTime(feed.lastPt)],
    ...(feed.kind === 'replay'
      ? ([
          ['Speed', `${feed.speed.toLocaleString('en-GB')}×`],
          ['Pauses at', feed.until === null ? '–' : publishTime(feed.until)],
        ] as [string, string][])
      : []),
    ['Settles', feed.settleFrom === 'trader' ? 'on confirmation' : 'from the source'],
    ['Started', formatDateTime(feed.createdAt)],
  ];
}

function Progress({ progress }: { progress: number }) {
  const percent = progressPercent(progress);
  return (
    <div className="feed-progress">
      <progress max={100} value={percent} aria-label="Replay progress" />
      <span>{percent}%</span>
    </div>
  );
}

function FeedErrors({ errors }: { errors: Feed['errors'] }) {
  if (errors.length === 0) return null;
  return (
    <details className="feed-errors" open={errors.length <= 3}>
      <summary>
        {errors.length} error{errors.length === 1 ? '' : 's'}
      </summary>
      <ul className="alerts">
        {errors.slice(0, ERRORS_SHOWN).map((error, index) => (
          <li key={index} className="alert">
            {error.line !== undefined && <strong>Line {error.line}</strong>}
            {error.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One feed: what it has done, where it is, its controls, errors and the markets it mirrors. */
export function FeedCard({ feed }: { feed: Feed }) {
  const mayTrade = useMay('trading');
  const titleId = `feed-${feed.id}`;
  return (
    <article
      className="panel panel-body stack"
      aria-labelledby={titleId}
      data-testid="feed"
      data-state={feed.state}
    >
      <div className="page-head">
        <h3 id={titleId} className="panel-title">
          {feed.kind === 'replay' ? 'Replay' : 'Live stream'}{' '}
          <span className={`feed-state state-${feed.state}`}>{feed.state}</span>
        </h3>
        <span className="note">{feed.id}</span>
      </div>
      <dl className="facts feed-facts" aria-label="Feed figures">
        {feedFacts(feed).map(([term, value]) => (
          <div key={term} className="fact">
            <dt>{term}</dt>
            <dd data-testid={`feed-${term.toLowerCase().replaceAll(' ', '-')}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {feed.kind === 'replay' && feed.progress !== null && <Progress progress={feed.progress} />}
      {mayTrade && isLive(feed) && <FeedControls feed={feed} />}
      <FeedErrors errors={feed.errors} />
      <DataTable
        label={`Markets of ${feed.kind} ${feed.id}`}
        columns={marketColumns(feed.id, mayTrade)}
        rows={feed.markets}
        rowKey={(market) => market.sourceMarketId}
        emptyText="No market mirrored yet."
        testId="feed-markets"
      />
    </article>
  );
}
