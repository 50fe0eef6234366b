import { useState } from 'react';
import { useStakePresets } from '../../../lib/use-stake-presets.ts';
import { SessionHead } from '../../../components/session-bar/session-head.tsx';
import { adoptBets } from '../crash-state.ts';
import { useCrashGame } from '../use-crash-game.ts';
import { CrashBetBox } from './crash-bet-box.tsx';
import { CrashPlayers } from './crash-players.tsx';
import { CrashHistory, CrashStage } from './crash-stage.tsx';
import { PausedNote } from './paused-note.tsx';
import './live-tables.css';
import './crash.css';

/** The crash game (`/avitar`): two bets a round, cash out by hand or at a target before the plane flies away. */
export function CrashPage() {
  const { live, multiplier, refetch } = useCrashGame();
  const quickStakes = useStakePresets('casino');
  const round = live?.round ?? null;
  const paused = live?.paused === true;
  // The bet each box placed or cashed out, so a bet found on the server after a reload goes elsewhere.
  const [claimed, setClaimed] = useState<(string | null)[]>([null, null]);
  const adopted = adoptBets(live?.myBets ?? [], round?.id ?? null, claimed);
  const claim = (slot: number, betId: string) =>
    setClaimed((current) => current.map((id, index) => (index === slot ? betId : id)));
  return (
    <section className="page" data-testid="aviator">
      <SessionHead>Aviator</SessionHead>
      <PausedNote paused={paused} />
      <CrashHistory crashes={live?.lastCrashes ?? []} />
      <div className="market-grid">
        <div className="market-main">
          <CrashStage round={round} multiplier={multiplier} offsetMs={live?.offsetMs ?? 0} />
          <div className="crash-boxes">
            {[1, 2].map((index) => (
              <CrashBetBox
                key={index}
                index={index}
                adopted={adopted[index - 1] ?? null}
                onOwn={(betId) => claim(index - 1, betId)}
                round={round}
                paused={paused}
                multiplier={multiplier}
                myBets={live?.myBets ?? []}
                quickStakes={quickStakes}
                onChange={refetch}
              />
            ))}
          </div>
        </div>
        <aside className="market-side" aria-label="All bets">
          <CrashPlayers
            bets={live?.bets ?? []}
            total={live?.stats.bets ?? 0}
            totalStake={live?.stats.totalStake ?? '0.00'}
          />
        </aside>
      </div>
    </section>
  );
}
