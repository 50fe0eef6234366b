import { afterCommit, transaction } from '../../platform/transaction.ts';
import type { Result } from '../../platform/rejections.ts';
import type { Deferred, UnitSender } from '../../platform/units/index.ts';
import type { MoneyAfter } from '../admission/index.ts';
import { writeBatch } from './batch-write.ts';
import { voidBet, type VoidBetCommand } from './bet-void.ts';
import { cancelBet, persistBet, type CancelCommand, type PersistCommand } from './cancel.ts';
import { cashOut, type CashOutCommand } from './cash-out.ts';
import type { ExchangeContext, MakerOptions } from './context.ts';
import type { ExchangeDeps } from './deps.ts';
import type { Effects } from './effects.ts';
import { GroupCommitter } from './group-commit.ts';
import { loadMarketUnit } from './market-load.ts';
import type { MarketUnit } from './market-unit.ts';
import type { PlaceCommand } from './place-command.ts';
import { placeBet } from './place.ts';
import { ConflatedMarkets } from './market-updates.ts';
import type { MirrorBook } from './mirror-book.ts';
import { MirrorCoalescer } from './mirror-coalesce.ts';
import { changeMirrorCap, mirrorMarket, type MirrorCapCommand, type MirrorCommand } from './mirror.ts';
import { publishEffects, publishMarkets } from './publish.ts';
import {
  removeRunner,
  type RemoveRunnerAnswer,
  type RemoveRunnerCommand,
  type RunnerRemovalRequest,
} from './remove-runner.ts';
import { resettleMarket, type ResettleCommand } from './resettle.ts';
import { syncMarket, type SyncCommand } from './sync.ts';

export type MarketCommand =
  | PlaceCommand
  | CancelCommand
  | PersistCommand
  | SyncCommand
  | CashOutCommand
  | ResettleCommand
  | VoidBetCommand
  | RemoveRunnerCommand
  | MirrorCommand
  | MirrorCapCommand;

/** The market maker's account and limits (docs/decisions/0132). */
export const DEFAULT_MAKER: MakerOptions = {
  accountId: 'market-maker',
  maxExposureMinor: 10_000_000n,
  levelSizesMinor: [50_000n, 100_000n, 200_000n],
  maxLayLiabilityMinor: 500_000n,
  // docs/decisions/0271: the source's prices, 10 % of its sizes, 10,000.00 of liability per market.
  mirror: { ticks: 0, sizeBasisPoints: 1_000n, liabilityCapMinor: 1_000_000n },
};

/** A market's unit: the loaded market, replaced in place when a failed batch left it stale. */
type MarketSlot = { unit: MarketUnit };

export const marketUnitId = (marketId: string) => `market:${marketId}`;

/**
 * The exchange on this instance (docs/decisions/0130): one unit per market behind the unit router, so
 * a market's commands never interleave, and one group commit for all of them.
 */
export class ExchangeService {
  readonly ctx: ExchangeContext;
  readonly send: UnitSender<MarketCommand, unknown>;
  readonly #slots = new Map<string, MarketSlot>();
  /** Market topics hear at most one update per market per 100 ms (docs/decisions/0193). */
  readonly marketUpdates = new ConflatedMarkets(
    (marketIds) => publishMarkets(this.deps, marketIds),
    (error) => this.deps.log?.error({ err: error }, 'exchange: publishing markets failed'),
  );
  /** Source books reach a market's unit at most once per 100 ms (docs/decisions/0271). */
  readonly #mirrors = new MirrorCoalescer((marketId, book) =>
    this.run(marketId, { type: 'mirror', book }).then(
      (result) => {
        if (!result.ok) this.deps.log?.error({ marketId, result }, 'exchange: a source book was refused');
      },
      (error: unknown) =>
        this.deps.log?.error({ err: error, marketId }, 'exchange: mirroring a source book failed'),
    ),
  );

  constructor(
    readonly deps: ExchangeDeps,
    maker: MakerOptions = DEFAULT_MAKER,
  ) {
    const committer = new GroupCommitter({
      write: (effects) => this.#write(effects),
      failed: (effects, error) => this.#failed(effects, error),
    });
    this.ctx = { db: deps.db, admission: deps.admission, committer, nowMs: Date.now, maker };
    this.send = deps.units.register<MarketSlot, MarketCommand, unknown>({
      kind: 'market',
      load: async (unitId) => {
        const unit = await loadMarketUnit(deps.db, unitId.slice('market:'.length));
        if (!unit) return null;
        const slot = { unit };
        this.#slots.set(unit.id, slot);
        return slot;
      },
      handle: (slot, command) => this.#handle(slot, command),
      unload: (slot) => void this.#slots.delete(slot.unit.id),
    });
  }

  /** Runs one command of a market on its owner. */
  run<T>(marketId: string, command: MarketCommand): Promise<Result<T>> {
    return this.send(marketUnitId(marketId), command) as Promise<Result<T>>;
  }

  /** Markets the feed or the operator changed: each brings its book in line (fire and forget). */
  marketsChanged(marketIds: readonly string[]): void {
    for (const marketId of marketIds) {
      this.run(marketId, { type: 'sync' }).catch((error: unknown) =>
        this.deps.log?.error({ err: error, marketId }, 'exchange: syncing a market failed'),
      );
    }
  }

  /**
   * The source's latest book of a mirrored market (docs/decisions/0271): the house quotes its best prices
   * instead of the fair price from now on. Coalesced per market, at most one re-quote per 100 ms with
   * the latest book, on whichever instance owns the market. Answers, when the book went at once, a
   * promise of its re-quote's end (it never rejects), which the source's frame waits for (0286).
   */
  mirrorSource(marketId: string, book: MirrorBook): Promise<void> | undefined {
    return this.#mirrors.offer(marketId, book);
  }

  /**
   * A runner the source removed (Betfair rule 13.7, docs/decisions/0269), on the market's owner: its bets
   * void, every unmatched bet cancelled, fills on the others matched before the removal reduced by its
   * factor. Once: a repeat answers applied false and changes nothing.
   */
  removeRunner(marketId: string, removal: RunnerRemovalRequest) {
    return this.run<RemoveRunnerAnswer>(marketId, { type: 'removeRunner', ...removal });
  }

  /** The loaded market on this instance, if any (names for published bets). */
  loaded(marketId: string): MarketUnit | undefined {
    return this.#slots.get(marketId)?.unit;
  }

  idle(): Promise<void> {
    return this.ctx.committer.idle();
  }

  async #handle(slot: MarketSlot, command: MarketCommand): Promise<Result<unknown> | Deferred<unknown>> {
    if (slot.unit.stale) {
      const fresh = await loadMarketUnit(this.deps.db, slot.unit.id);
      // The source's book is no money state: the rebuilt market quotes from it as the old one did.
      if (fresh) slot.unit = Object.assign(fresh, { mirror: { ...slot.unit.mirror } });
    }
    switch (command.type) {
      case 'place':
        return placeBet(this.ctx, slot.unit, command);
      case 'cancel':
        return cancelBet(this.ctx, slot.unit, command);
      case 'persist':
        return persistBet(this.ctx, slot.unit, command);
      case 'cashOut':
        return cashOut(this.ctx, slot.unit, command);
      case 'resettle':
        return resettleMarket(this, slot.unit, command);
      case 'voidBet':
        return voidBet(this, slot.unit, command);
      case 'removeRunner':
        return removeRunner(this.ctx, slot.unit, command);
      case 'mirror':
        return mirrorMarket(this.ctx, slot.unit, command);
      case 'mirrorCap':
        return changeMirrorCap(this.ctx, slot.unit, command);
      default:
        return syncMarket(this.ctx, slot.unit);
    }
  }

  /**
   * A batch without settlement postings is one statement, its own transaction: one round trip, which
   * matters when the event loop is busy with requests between awaits. With postings it is a unit of work.
   */
  async #write(effects: Effects): Promise<void> {
    const committed = (cashAfter: Map<string, MoneyAfter>) => {
      this.ctx.admission.funds.settle(effects.reserved, cashAfter);
      void publishEffects(this, effects).catch((error: unknown) =>
        this.deps.log?.error({ err: error }, 'exchange: publishing a batch failed'),
      );
    };
    if (effects.ledger.length === 0 && effects.shares.size === 0) {
      committed(await writeBatch(this.deps.db, this.deps, effects));
      return;
    }
    await transaction(this.deps.db, async (tx) => {
      const cashAfter = await writeBatch(tx, this.deps, effects);
      afterCommit(() => committed(cashAfter));
    });
  }

  #failed(effects: Effects, error: unknown): void {
    this.deps.log?.error({ err: error }, 'exchange: a batch did not commit; its markets are rebuilt');
    this.ctx.admission.funds.settle(effects.reserved, new Map());
    for (const playerId of effects.reserved.keys()) this.ctx.admission.funds.forget(playerId);
    const marketIds = new Set([
      ...effects.markets,
      ...[...effects.bets.values()].map((bet) => bet.marketId),
      ...[...effects.holds.values()].map((hold) => hold.marketId),
      ...effects.marketStatus.keys(),
    ]);
    for (const marketId of marketIds) {
      const slot = this.#slots.get(marketId);
      if (slot) slot.unit.stale = true;
    }
  }
}
