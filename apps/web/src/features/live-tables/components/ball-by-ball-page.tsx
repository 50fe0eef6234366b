import { EmptyState } from '../../../components/empty-state.tsx';
import { SessionHead } from '../../../components/session-bar/session-head.tsx';
import { BetSlipPanel } from './bet-slip-panel.tsx';
import { LastResults } from './last-results.tsx';
import { MarketsList } from './markets-list.tsx';
import { PausedNote } from './paused-note.tsx';
import { RoundBets } from './round-bets.tsx';
import { RoundStage } from './round-stage.tsx';
import { useTablePlay } from './use-table-play.ts';
import './live-tables.css';

export const BALL_BY_BALL_TABLE = 'ball-by-ball';

export const STREAM_NOTICE =
  'Results are based on stream only. Score board may be different or updated later.';

/** The spec's names of the Runs market where the table's differ. */
export const RUNS_LABELS: Readonly<Record<string, string>> = { 'runs-1': '1 Runs' };

/** Virtual ball-by-ball cricket: one round per delivery, the Runs market suspended while the ball is bowled. */
export function BallByBallPage() {
  const play = useTablePlay(BALL_BY_BALL_TABLE);
  const { live } = play;
  return (
    <section className="page" data-testid="ball-by-ball">
      <SessionHead>Ball by Ball</SessionHead>
      <PausedNote paused={live?.paused === true} />
      <div className="market-grid">
        <div className="market-main">
          {live ? (
            <RoundStage live={live} nowMs={play.nowMs} bets={play.bets} />
          ) : (
            <div className="stage">
              <span className="note">
                {play.error ? 'The game could not be loaded.' : 'Waiting for the next ball'}
              </span>
            </div>
          )}
          <section className="panel" aria-labelledby="runs-title" data-testid="runs-market">
            <div className="panel-head">
              <h2 id="runs-title" className="panel-title">
                Runs
              </h2>
            </div>
            {live ? (
              <MarketsList
                markets={live.markets}
                selectedId={play.market?.id ?? null}
                onSelect={play.select}
                labels={RUNS_LABELS}
                winning={play.round?.result?.winningMarkets}
                layout="rows"
                showVolume
              />
            ) : (
              <EmptyState testId="runs-empty">Loading…</EmptyState>
            )}
          </section>
          <p className="bbb-notice" data-testid="stream-notice">
            {STREAM_NOTICE}
          </p>
          <LastResults results={live?.lastResults ?? []} short />
        </div>
        <aside className="market-side" aria-label="My bet and matched bets">
          <BetSlipPanel
            tableId={BALL_BY_BALL_TABLE}
            roundId={play.round?.id ?? null}
            market={play.market}
            bettingOpen={play.bettingOpen}
            paused={live?.paused === true}
            fixedQuickStakes
            labels={RUNS_LABELS}
          />
          <RoundBets bets={play.bets} title="Matched Bet" loading={play.betsLoading} labels={RUNS_LABELS} />
        </aside>
      </div>
    </section>
  );
}
