import { Suspense, useState } from 'react';
import { metaOf } from '../engines/family-meta.ts';
import type { Params } from '../engines/engine-props.ts';
import { viewOf } from '../engines/registry.ts';
import type { SessionView } from '../lib/api.ts';
import { formatMoney, payoutOf } from '../lib/money.ts';
import { themeStyle } from '../lib/theme.ts';
import type { GameControls, GameState } from '../lib/use-game.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import { HistoryList } from './history-list.tsx';
import { ResultBanner } from './result-banner.tsx';
import { StakeInput, stakeProblem } from './stake-input.tsx';

type Props = { session: SessionView; state: GameState; controls: GameControls; homeUrl: string };

/** The page every title shares: name, theme, balance, stake, play, result, history, fairness, home. */
export function GameFrame({ session, state, controls, homeUrl }: Props) {
  const { game, limits, player } = session;
  const meta = metaOf(game.family);
  const [params, setParams] = useState<Params>(() => meta.defaults(game));
  const [stake, setStake] = useState('10.00');
  const View = viewOf(game.family);
  const open = state.round?.status === 'open' ? state.round : null;
  const stakeBlocker = stakeProblem(stake, limits.minStake, limits.maxStake);
  const blocker = stakeBlocker ?? meta.blocker?.(params) ?? null;
  const play = (chosen: Params) => {
    if (stakeBlocker === null && (meta.blocker?.(chosen) ?? null) === null)
      void controls.play(stake.trim(), chosen);
  };

  return (
    <div className="page" style={themeStyle(game.theme)}>
      <header className="topbar">
        {/* _top: in the portal's frame page, home replaces the whole window, not just the frame. */}
        <a className="home" href={homeUrl} target="_top" rel="noreferrer">
          <span aria-hidden="true">←</span> Home
        </a>
        <h1>{game.name}</h1>
        <p className="balance" aria-live="polite">
          <span className="label">Balance</span> {formatMoney(state.balance)} {player.currency}
        </p>
      </header>
      <main className="layout">
        <section className="stage" aria-label={`${game.name} table`}>
          <Suspense fallback={<p className="hint">Loading the table…</p>}>
            {View ? (
              <View
                game={game}
                round={state.round}
                params={params}
                setParams={setParams}
                busy={state.busy}
                act={(action) => void controls.act(action)}
                playWith={play}
              />
            ) : (
              <p role="alert">This game cannot be shown.</p>
            )}
          </Suspense>
          <ResultBanner round={state.round} currency={player.currency} />
        </section>
        <section className="controls" aria-label="Your bet">
          <StakeInput
            stake={stake}
            onChange={setStake}
            min={limits.minStake}
            max={limits.maxStake}
            currency={player.currency}
            disabled={state.busy || open !== null}
          />
          {open ? (
            <button
              type="button"
              className="play"
              disabled={state.busy || !open.actions.includes('cashout')}
              onClick={() => void controls.act({ type: 'cashout' })}
            >
              {meta.inRound ??
                `Cash out ${open.multiplier === '0.00' ? '' : formatMoney(payoutOf(open.stake, open.multiplier))}`}
            </button>
          ) : (
            <button
              type="button"
              className="play"
              disabled={state.busy || blocker !== null}
              onClick={() => play(params)}
            >
              {state.busy ? 'Playing…' : meta.playLabel}
            </button>
          )}
          {blocker && !open && <p className="hint">{blocker}</p>}
          {state.message && (
            <p className="error" role="alert">
              {state.message}{' '}
              <button type="button" className="link" onClick={controls.dismiss}>
                Dismiss
              </button>
            </p>
          )}
        </section>
        <aside className="side">
          <HistoryList rounds={state.history} />
          {state.seeds && (
            <FairnessPanel
              key={state.seeds.serverSeedHash}
              seeds={state.seeds}
              recentVerify={state.history[0]?.verify}
              revealed={state.revealed}
              roundOpen={open !== null}
              onClientSeed={controls.setClientSeed}
              onRotate={controls.rotate}
            />
          )}
        </aside>
      </main>
    </div>
  );
}
