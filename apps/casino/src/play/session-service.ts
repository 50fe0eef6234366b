import { publicView } from '@backlay/fair';
import { formatMinor } from '@backlay/ledger';
import { ok, reject, type Result } from '@backlay/rejections';
import type { RevealedView, RoundView, SeedsView, SessionView } from '../contract/api.ts';
import { revealedViews } from '../fair/seeds-service.ts';
import { engineOf } from '../games/families.ts';
import { busy, contextOf, type PlayContext } from './context.ts';
import { HISTORY_SHOWN, MAX_STAKE_MINOR, MIN_STAKE_MINOR } from './limits.ts';
import type { PlayDeps } from './play-service.ts';
import { roundView } from './round-view.ts';

/** What a game page loads, and the player's seed controls. */
export class SessionService {
  constructor(private readonly deps: PlayDeps) {}

  async info(token: string): Promise<Result<SessionView>> {
    const context = contextOf(this.deps.store, token);
    if (!context.ok) return context;
    const { session, game, key } = context.value;
    const seeds = this.deps.seeds.ensure(key);
    const balance = await this.deps.outbox.balance(session.token);
    const open = this.deps.store.openRound(key);
    return ok({
      game: { ...game },
      player: { name: session.playerName, currency: session.currency },
      homeUrl: session.homeUrl,
      balance: balance.kind === 'answer' && balance.answer.status === 'RS_OK' ? balance.answer.balance : null,
      limits: { minStake: formatMinor(MIN_STAKE_MINOR), maxStake: formatMinor(MAX_STAKE_MINOR) },
      seeds: publicView(seeds.pair),
      revealed: revealedViews(seeds),
      openRound: open ? this.openRoundView(context.value, open) : null,
      history: this.deps.store
        .history(key, HISTORY_SHOWN + 1)
        .filter((round) => round.status === 'settled')
        .slice(0, HISTORY_SHOWN)
        .map((round) => roundView(game, round, seeds)),
    });
  }

  async setClientSeed(token: string, clientSeed: string): Promise<Result<SeedsView>> {
    const context = contextOf(this.deps.store, token);
    if (!context.ok) return context;
    const result = await this.deps.locks.run(context.value.key, async () =>
      this.deps.seeds.setClientSeed(context.value.key, clientSeed),
    );
    return result ?? busy();
  }

  /** Refused while a round is open: revealing its seed would show where the mines are. */
  async rotate(
    token: string,
    clientSeed?: string,
  ): Promise<Result<{ seeds: SeedsView; revealed: RevealedView[] }>> {
    const context = contextOf(this.deps.store, token);
    if (!context.ok) return context;
    const { key } = context.value;
    const result = await this.deps.locks.run(key, async () => {
      if (this.deps.store.openRound(key)) {
        return reject('conflict', 'ROUND_OPEN', 'Finish the open round before changing the server seed.');
      }
      return this.deps.seeds.rotate(key, clientSeed);
    });
    return result ?? busy();
  }

  private openRoundView(context: PlayContext, round: Parameters<typeof roundView>[1]): RoundView {
    const engine = engineOf(context.game.family);
    const actions =
      engine.kind === 'multi' ? engine.viewOf(round.engineState, 'open', context.game.config).actions : [];
    return roundView(context.game, round, this.deps.store.seedsOf(context.key), actions);
  }
}
