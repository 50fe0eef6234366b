import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SessionHead } from '../../../components/session-bar/session-head.tsx';
import { paths } from '../../../paths.ts';
import { BetSlipPanel } from './bet-slip-panel.tsx';
import { LastResults } from './last-results.tsx';
import { MarketsList } from './markets-list.tsx';
import { PausedNote } from './paused-note.tsx';
import { RoundBets } from './round-bets.tsx';
import { RoundStage } from './round-stage.tsx';
import { useTablePlay } from './use-table-play.ts';
import './live-tables.css';

/** The table a bare `/casino-table` opens. */
export const DEFAULT_TABLE_ID = 'dragon-tiger';

/** An in-house live table (`/casino-table?id=dragon-tiger`): round, markets, slip, bets and results. */
export function TablePage() {
  const { search } = useLocation();
  const tableId = new URLSearchParams(search).get('id') || DEFAULT_TABLE_ID;
  return <TableScreen key={tableId} tableId={tableId} />;
}

function TableScreen({ tableId }: { tableId: string }) {
  const play = useTablePlay(tableId);
  const { live } = play;
  if (!live) {
    const missing = play.error instanceof ApiError && play.error.status < 500;
    return (
      <section className="page" data-testid="live-table" aria-busy={!play.error}>
        <SessionHead>{missing ? 'Table not found' : 'Live table'}</SessionHead>
        <div className="panel">
          <EmptyState testId="table-empty">
            {play.error
              ? missing
                ? 'This table does not exist.'
                : 'The table could not be loaded.'
              : 'Loading…'}
          </EmptyState>
          {missing && (
            <p className="panel-body">
              <Link to={paths.ourCasino}>Back to Our Casino</Link>
            </p>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="page" data-testid="live-table" data-table={tableId}>
      <SessionHead>{live.table.name}</SessionHead>
      <PausedNote paused={live.paused} />
      <div className="market-grid">
        <div className="market-main">
          <RoundStage live={live} nowMs={play.nowMs} bets={play.bets} />
          <section className="panel" aria-labelledby="markets-title">
            <div className="panel-head">
              <h2 id="markets-title" className="panel-title">
                Markets
              </h2>
            </div>
            <MarketsList
              markets={live.markets}
              selectedId={play.market?.id ?? null}
              onSelect={play.select}
              winning={play.round?.result?.winningMarkets}
              layout="grid"
            />
          </section>
          <LastResults results={live.lastResults} />
        </div>
        <aside className="market-side" aria-label="Bet slip and your bets">
          <BetSlipPanel
            tableId={tableId}
            roundId={play.round?.id ?? null}
            market={play.market}
            bettingOpen={play.bettingOpen}
            paused={live.paused}
          />
          <RoundBets bets={play.bets} title="Your bets this round" loading={play.betsLoading} />
        </aside>
      </div>
    </section>
  );
}
