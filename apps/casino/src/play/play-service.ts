import { formatMinor, parseAmountMinor } from '@backlay/ledger';
import { nextNonce, payoutMinor, publicView, type SeedPair, type Seeds } from '@backlay/fair';
import { ok, reject, type Result } from '@backlay/rejections';
import type { PlayView } from '../contract/api.ts';
import type { SeedsService } from '../fair/seeds-service.ts';
import type { AnyEngine, EngineResult, Settlement, Step } from '../games/engine.ts';
import { engineOf } from '../games/families.ts';
import type { CasinoStore } from '../state/store.ts';
import type { Change, RoundRecord } from '../state/types.ts';
import type { WalletOutbox } from '../wallet/outbox.ts';
import { busy, contextOf, type PlayContext } from './context.ts';
import type { KeyLock } from './key-lock.ts';
import { MAX_STAKE_MINOR, MIN_STAKE_MINOR } from './limits.ts';
import { roundView } from './round-view.ts';
import { betRefusal, walletUnavailable } from './wallet-refusals.ts';

export type PlayDeps = {
  readonly store: CasinoStore;
  readonly outbox: WalletOutbox;
  readonly seeds: SeedsService;
  readonly locks: KeyLock;
  readonly nowMs: () => number;
};

type Opening = {
  multiplierHundredths: number;
  outcome: object;
  engineState: unknown;
  open: boolean;
  actions: readonly string[];
};

function parseStake(amount: string): Result<bigint> {
  const parsed = parseAmountMinor(amount, { maxMinor: MAX_STAKE_MINOR });
  if (!parsed.ok) return reject('invalid', 'INVALID_AMOUNT', parsed.message);
  if (parsed.amountMinor < MIN_STAKE_MINOR) {
    return reject('invalid', 'INVALID_AMOUNT', `Amount must be at least ${formatMinor(MIN_STAKE_MINOR)}.`);
  }
  return ok(parsed.amountMinor);
}

function opening(engine: AnyEngine, result: EngineResult<Settlement | Step<unknown>>): EngineResult<Opening> {
  if (!result.ok) return result;
  if (engine.kind === 'single') {
    const settled = result.value as Settlement;
    return { ok: true, value: { ...settled, engineState: null, open: false, actions: [] } };
  }
  const step = result.value as Step<unknown>;
  return {
    ok: true,
    value: {
      multiplierHundredths: step.multiplierHundredths,
      outcome: step.view,
      engineState: step.state,
      open: step.status === 'open',
      actions: step.actions,
    },
  };
}

/**
 * A round: bet callback, outcome from the seeds, win callback (0 for a loss). Multi-step games keep the
 * round open after the bet and pay when the player cashes out or the round ends (see round-actions.ts).
 */
export class PlayService {
  constructor(private readonly deps: PlayDeps) {}

  async play(token: string, amount: string, rawParams: unknown): Promise<Result<PlayView>> {
    const context = contextOf(this.deps.store, token);
    if (!context.ok) return context;
    const stake = parseStake(amount);
    if (!stake.ok) return stake;
    const { game } = context.value;
    const engine = engineOf(game.family);
    const params = engine.parseParams(rawParams, game.config);
    if (!params.ok) return reject('invalid', params.code, params.message);
    const result = await this.deps.locks.run(context.value.key, () =>
      this.playLocked(context.value, engine, stake.value, params.value),
    );
    return result ?? busy();
  }

  private async playLocked(
    context: PlayContext,
    engine: AnyEngine,
    stakeMinor: bigint,
    params: unknown,
  ): Promise<Result<PlayView>> {
    const { store, outbox, seeds } = this.deps;
    const { session, game, key } = context;
    if (store.openRound(key)) return reject('conflict', 'ROUND_OPEN', 'Finish the open round first.');
    const seedRecord = seeds.ensure(key);
    const roundId = store.nextRoundId();
    store.commit([roundId.change]);
    const call = {
      token: session.token,
      roundId: roundId.id,
      gameId: game.gameId,
      amount: formatMinor(stakeMinor),
    };
    const bet = await outbox.bet({ ...call, transactionId: `${roundId.id}-bet` });
    if (!bet.ok) return bet.reason === 'refused' ? betRefusal(bet.answer.status) : walletUnavailable();

    const next = nextNonce(seedRecord.pair);
    const computed = openRound(engine, next.seeds, params, game.config);
    if (!computed.ok) {
      // Parameters were checked before the bet, so this is a fault: give the stake back.
      const rollback = {
        ...call,
        transactionId: `${roundId.id}-rollback`,
        referenceTransactionId: `${roundId.id}-bet`,
      };
      store.commit([outbox.acknowledge(`${roundId.id}-bet`), outbox.pending('rollback', rollback)]);
      void outbox.deliver(`${roundId.id}-rollback`);
      return reject('unavailable', 'ROUND_FAILED', computed.message);
    }
    const value = computed.value;
    const round = roundRecord(roundId.id, context, seedRecord.pair, {
      nonce: next.seeds.nonce,
      stakeMinor,
      params,
      opening: value,
      nowMs: this.deps.nowMs(),
    });
    const changes: Change[] = [
      outbox.acknowledge(round.betTransactionId),
      seeds.update(seedRecord, next.state),
      { type: 'round', round },
    ];
    let balance = bet.answer.balance;
    if (!value.open) {
      changes.push(winChange(outbox, round));
      store.commit(changes);
      balance = await settleBalance(outbox, round, bet.answer.balance);
    } else {
      store.commit(changes);
    }
    return ok({
      round: roundView(game, round, store.seedsOf(key), value.actions),
      outcome: value.outcome,
      payout: round.payout,
      balance,
      seeds: publicView(next.state),
    });
  }
}

function openRound(engine: AnyEngine, seeds: Seeds, params: unknown, config: object): EngineResult<Opening> {
  return opening(
    engine,
    engine.kind === 'single' ? engine.play(seeds, params, config) : engine.start(seeds, params, config),
  );
}

function roundRecord(
  id: string,
  context: PlayContext,
  pair: SeedPair,
  round: { nonce: number; stakeMinor: bigint; params: unknown; opening: Opening; nowMs: number },
): RoundRecord {
  const { opening: value, stakeMinor, nowMs } = round;
  return {
    id,
    key: context.key,
    gameId: context.game.gameId,
    token: context.session.token,
    family: context.game.family,
    nonce: round.nonce,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    stake: formatMinor(stakeMinor),
    params: round.params,
    status: value.open ? 'open' : 'settled',
    multiplierHundredths: value.multiplierHundredths,
    payout: formatMinor(value.open ? 0n : payoutMinor(stakeMinor, value.multiplierHundredths)),
    outcome: value.outcome,
    engineState: value.open ? value.engineState : null,
    betTransactionId: `${id}-bet`,
    createdAtMs: nowMs,
    settledAtMs: value.open ? null : nowMs,
  };
}

/** The pending win of a settled round (amount 0 closes a lost round). */
export function winChange(outbox: WalletOutbox, round: RoundRecord): Change {
  return outbox.pending('win', {
    transactionId: `${round.id}-win`,
    token: round.token,
    roundId: round.id,
    gameId: round.gameId,
    amount: round.payout,
    referenceTransactionId: round.betTransactionId,
  });
}

/**
 * Sends the win now. The balance is the portal's answer, or — while the win is still being retried —
 * the last balance plus the payout, which is what the portal will show once it is acknowledged.
 */
export async function settleBalance(
  outbox: WalletOutbox,
  round: RoundRecord,
  lastBalance: string,
): Promise<string> {
  const answer = await outbox.deliver(`${round.id}-win`);
  if (answer !== null) return answer.balance;
  return formatMinor(decimalMinor(lastBalance) + decimalMinor(round.payout));
}

/** "12.50" → 1250n for the two-decimal strings the wallet and the records hold (zero and negatives too). */
export function decimalMinor(decimal: string): bigint {
  const match = /^(-?)(\d{1,19})\.(\d{2})$/.exec(decimal);
  if (!match) return 0n;
  const magnitude = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] === '-' ? -magnitude : magnitude;
}
