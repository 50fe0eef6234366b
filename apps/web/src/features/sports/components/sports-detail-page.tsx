import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MatchedBetsTable } from '../../../components/table/matched-bets-table.tsx';
import { marketTypeLabel } from '../../../lib/market-labels.ts';
import type { SportsDetailParams } from '../sports-detail-loader.ts';
import '../sports.css';

/** Market type codes as the feed names them; the screen shows `marketTypeLabel` of each. */
const otherMarkets = ['Oddeven', 'khado', 'TIED_MATCH'];

function MarketSection({ name }: { name: string }) {
  const headingId = `market-${name}`;
  return (
    <section className="panel" data-testid="market" data-market={name} aria-labelledby={headingId}>
      <h2 className="panel-head" id={headingId}>
        <span>{marketTypeLabel(name)}</span>
      </h2>
      <div className="ladder-head" aria-hidden="true">
        <span />
        <span className="swatch-back">Back</span>
        <span className="swatch-lay">Lay</span>
      </div>
      <EmptyState>Prices appear here when this market opens.</EmptyState>
    </section>
  );
}

function LiveMatch() {
  const [open, setOpen] = useState(false);
  return (
    <section className="panel">
      <div className="panel-head">
        <h2 className="panel-title">Live match</h2>
        <button
          type="button"
          className="btn btn-ghost"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          data-testid="live-match-toggle"
        >
          {open ? 'Close' : 'Livematch'}
        </button>
      </div>
      {open && <div className="live-area">No live stream for this match yet.</div>}
    </section>
  );
}

/** Match detail: header, Match Odds, other markets and the player's bets on this match. */
export function SportsDetailPage() {
  const { eventId } = useLoaderData() as SportsDetailParams;
  return (
    <div className="page" data-testid="sports-detail">
      <header className="match-header">
        <h1>Match details</h1>
        <p className="note">{eventId ? `Event #${eventId}` : 'No match selected.'}</p>
      </header>
      <div className="market-grid">
        <div className="market-main">
          <MarketSection name="MATCH_ODDS" />
          {otherMarkets.map((name) => (
            <MarketSection key={name} name={name} />
          ))}
        </div>
        <aside className="market-side">
          <LiveMatch />
          <section className="panel">
            <h2 className="panel-head">My bet</h2>
            <MatchedBetsTable emptyText="No bets on this match" testId="my-bets" />
          </section>
        </aside>
      </div>
    </div>
  );
}
