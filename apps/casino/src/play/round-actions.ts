import { formatMinor } from '@backlay/ledger';
import { payoutMinor, publicView } from '@backlay/fair';
import { ok, reject, type Result } from '@backlay/rejections';
import type { PlayView } from '../contract/api.ts';
import type { MultiEngine, Step } from '../games/engine.ts';
import { engineOf } from '../games/families.ts';
import type { Change, RoundRecord } from '../state/types.ts';
import { busy, contextOf, type PlayContext } from './context.ts';
import { decimalMinor, winChange, type PlayDeps } from './play-service.ts';
import { roundView } from './round-view.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMulti = MultiEngine<any, any, any>;

/** Steps of an open multi-step round (reveal, pick, guess, hit…) and its cash-out. */
export class RoundActions {
  constructor(private readonly deps: PlayDeps) {}

  async act(token: string, action: { type: string } & Record<string, unknown>): Promise<Result<PlayView>> {
    const context = contextOf(this.deps.store, token);
    if (!context.ok) return context;
    const engine = engineOf(context.value.game.family);
    if (engine.kind !== 'multi') return reject('conflict', 'NO_OPEN_ROUND', 'This game has no open rounds.');
    const result = await this.deps.locks.run(context.value.key, () =>
      this.actLocked(context.value, engine, action),
    );
    return result ?? busy();
  }

  private async actLocked(
    context: PlayContext,
    engine: AnyMulti,
    action: { type: string },
  ): Promise<Result<PlayView>> {
    const { store, outbox } = this.deps;
    const { game, key } = context;
    const round = store.openRound(key);
    if (round === undefined)
      return reject('conflict', 'NO_OPEN_ROUND', 'There is no open round; place a bet first.');
    const current = engine.viewOf(round.engineState, 'open', game.config);
    if (!current.actions.includes(action.type)) {
      return reject('conflict', 'ACTION_NOT_ALLOWED', `"${action.type}" is not possible now.`);
    }
    const stepped =
      action.type === 'cashout'
        ? engine.cashOut(round.engineState, game.config)
        : engine.act(round.engineState, action, game.config);
    if (!stepped.ok) return reject('invalid', stepped.code, stepped.message);
    const step: Step<unknown> = stepped.value;
    const ended = step.status === 'ended';
    const payout = ended ? payoutMinor(decimalMinor(round.stake), step.multiplierHundredths) : 0n;
    const next: RoundRecord = {
      ...round,
      status: ended ? 'settled' : 'open',
      multiplierHundredths: step.multiplierHundredths,
      payout: formatMinor(payout),
      outcome: step.view,
      engineState: ended ? null : step.state,
      settledAtMs: ended ? this.deps.nowMs() : null,
    };
    const changes: Change[] = [{ type: 'round', round: next }];
    if (ended) changes.push(winChange(outbox, next));
    store.commit(changes);
    const balance = ended ? await this.balanceAfterWin(next) : null;
    const seeds = store.seedsOf(key);
    return ok({
      round: roundView(game, next, seeds, step.actions),
      outcome: step.view,
      payout: next.payout,
      balance,
      seeds: publicView(seeds!.pair),
    });
  }

  /** The portal's balance once the win is acknowledged; null while it is still being retried. */
  private async balanceAfterWin(round: RoundRecord): Promise<string | null> {
    const answer = await this.deps.outbox.deliver(`${round.id}-win`);
    return answer?.balance ?? null;
  }
}
