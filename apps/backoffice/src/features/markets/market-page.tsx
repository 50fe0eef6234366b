import type { AdminMarketDetail as Market } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { useMay } from '../../lib/permissions.ts';
import { paths } from '../../paths.ts';
import { fetchEvent, fetchMarket, marketKey } from './api.ts';
import { MarketActions } from './market-actions.tsx';
import { PositionBook } from './position-book.tsx';
import { SettlePanel } from './settle-panel.tsx';
import { TradedChart } from './traded-chart.tsx';

export default function MarketPage() {
  const id = useParams().id ?? '';
  const mayTrade = useMay('trading');
  const market = useQuery({
    queryKey: marketKey(id),
    queryFn: ({ signal }) => fetchMarket(id, signal),
    refetchInterval: 5_000,
  });
  const data = market.data;
  return (
    <section className="page">
      <PageHead title={data ? `${data.eventName} · ${data.name}` : 'Market'}>
        <Link to={paths.marketBook(id)}>Market analysis</Link>
      </PageHead>
      <ErrorNote error={market.error} />
      {data && (
        <>
          <MarketSummary market={data} />
          <EventMarkets eventId={data.eventId} current={data.id} />
          {mayTrade && (
            <div className="panel-grid">
              <MarketActions market={data} />
              <SettlePanel market={data} />
            </div>
          )}
          <TradedChart market={data} />
          <PositionBook marketId={data.id} />
        </>
      )}
    </section>
  );
}

function MarketSummary({ market }: { market: Market }) {
  const facts: [string, string][] = [
    ['Status', market.inPlay && market.status === 'OPEN' ? 'OPEN, in play' : market.status],
    ['Event', `${market.eventName} (${market.sport})`],
    ['Type', market.type],
    ['Matched', market.matched],
    ['Min stake', market.minStake],
    ['Max stake', market.maxStake],
    ['Commission', `${market.commissionPercent}%`],
    ['Bet delay', `${market.betDelaySec} s`],
    ['Runners', market.line ? `Line ${market.line.line}` : runnerList(market)],
    ['Outcome', outcomeText(market)],
    ['Id', market.id],
  ];
  return (
    <dl className="facts panel" aria-label="Market summary">
      {facts.map(([term, value]) => (
        <div key={term} className="fact">
          <dt>{term}</dt>
          <dd data-testid={`fact-${term.toLowerCase().replaceAll(' ', '-')}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const runnerList = (market: Market) =>
  market.runners
    .map((runner) => (runner.status === 'ACTIVE' ? runner.name : `${runner.name} (${runner.status})`))
    .join(', ');

function outcomeText(market: Market): string {
  const { outcome } = market;
  if (!outcome) return 'Undecided';
  if (outcome.kind === 'VOID') return 'Void';
  return outcome.kind === 'LINE' ? `Final value ${outcome.lineResult}` : `${outcome.winner} won`;
}

/** The event's other markets, one link each. */
function EventMarkets({ eventId, current }: { eventId: string; current: string }) {
  const event = useQuery({
    queryKey: ['event', eventId],
    queryFn: ({ signal }) => fetchEvent(eventId, signal),
  });
  const others = event.data?.markets.filter((market) => market.id !== current) ?? [];
  if (others.length === 0) return null;
  return (
    <nav aria-label="Other markets of this event" className="chips">
      {others.map((market) => (
        <Link key={market.id} className="chip" to={paths.market(market.id)}>
          {market.name} · {market.status}
        </Link>
      ))}
    </nav>
  );
}
