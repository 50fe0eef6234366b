import { crashPoint, formatHundredths, sha256Hex } from '@backlay/fair';
import { CRASH_TIMINGS, elapsedToReach } from '@backlay/tables';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import { refKeyOf } from './bet-intake.ts';
import { createChain, nextChainIndex, type LoadedChain } from './crash-chain.ts';
import type { Result } from '../../platform/rejections.ts';
import { writeCrashBets, type CrashBetAnswer } from './crash-bet-write.ts';
import { insertCrashRound, recordCashOuts, type CrashBetRow } from './crash-repo.ts';
import { tableError } from './errors.ts';
import { crashRoundJson, crashStream } from './crash-view.ts';
import { cashOutPayment, settleCrash, voidCrash } from './crash-settle.ts';
import { publishQuietly, type TablesContext } from './context.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import type { TablePause } from './admin-pauses.ts';
import { postReturns } from './postings.ts';
import { insertRound, updateRound } from './rounds-repo.ts';
import { isOpen, seqOf, type RoundRow } from './round-row.ts';

/** The crash game in memory on its owner: the chain, the round in play and its bets. */
export type CrashUnit = {
  chain: LoadedChain;
  round: RoundRow | null;
  crashHundredths: number;
  bets: Map<string, CrashBetRow>;
  /** `${playerId} ${clientRef}` → bet, and bets per player, for the current round. */
  refs: Map<string, CrashBetRow>;
  perPlayer: Map<string, number>;
  lastCrashes: { roundId: number; crashPoint: number }[];
  pendingRefs: Map<string, { bet: CrashBetRow; answer: Promise<Result<CrashBetAnswer>> }>;
  /** Bets accepted in memory and waiting for their batch to commit. */
  placing: GroupCommit<CrashBetRow, Result<CrashBetAnswer>>;
  /** Cash-outs decided in memory and waiting for their batch to commit (true once durable and paid). */
  batcher: GroupCommit<CrashBetRow, boolean>;
  bettingMs: number;
  crashedMs: number;
  /** The crashed round's settlement while it is being written. */
  settling: Promise<void> | null;
  /** Memory can no longer be trusted: the next command rebuilds the unit from the database. */
  stale: boolean;
  /** Held by trading: no new round opens and no bet is taken (docs/decisions/0244). */
  paused: TablePause | null;
  timer: ReturnType<typeof setTimeout> | null;
};

export function newCrashUnit(context: TablesContext, chain: LoadedChain): CrashUnit {
  const unit: CrashUnit = {
    chain,
    round: null,
    crashHundredths: 100,
    bets: new Map(),
    refs: new Map(),
    perPlayer: new Map(),
    pendingRefs: new Map(),
    placing: new GroupCommit(
      (bets) => writeCrashBets(context, unit.round!, bets),
      (_bet, error) => {
        context.log?.error({ err: error }, 'crash: a batch of bets failed');
        return tableError('BETS_UNAVAILABLE');
      },
    ),
    lastCrashes: [],
    // A batch locks its players' cash rows only from its one ledger call to the commit (0175), so it may
    // be large: a thousand cash-outs of the last second cost a handful of transactions.
    batcher: new GroupCommit(
      (bets) => writeCashOuts(context, unit, bets),
      () => false,
      1_000,
    ),
    bettingMs: Math.max(1, Math.round(CRASH_TIMINGS.bettingMs / context.speed)),
    crashedMs: Math.max(1, Math.round(CRASH_TIMINGS.crashedMs / context.speed)),
    settling: null,
    stale: false,
    paused: null,
    timer: null,
  };
  return unit;
}

/** A bet of the current round in memory; `count`: also count it toward the player's two. */
export function rememberBet(unit: CrashUnit, bet: CrashBetRow, count = true): void {
  unit.bets.set(bet.id, bet);
  unit.refs.set(refKeyOf(bet.playerId, bet.clientRef), bet);
  if (count) unit.perPlayer.set(bet.playerId, (unit.perPlayer.get(bet.playerId) ?? 0) + 1);
}

/** BETTING → RUNNING at `closesAt` → crashed and settled when the curve reaches the crash point → next. */
export async function advanceCrash(context: TablesContext, unit: CrashUnit): Promise<void> {
  // A wake for an auto target alone (0230): no phase change is due, so nothing waits for the writes.
  if (unit.round && context.options.nowMs() < unit.round.phaseEndsAtMs) return;
  // Bets and cash-outs decided before this command are written first: a phase change never passes one.
  await unit.placing.idle();
  await unit.batcher.idle();
  await unit.settling;
  if (unit.stale) throw new Error('the crash game must be rebuilt after a failed settlement');
  for (let step = 0; step < 4; step++) {
    const nowMs = context.options.nowMs();
    const round = unit.round;
    if (round && nowMs < round.phaseEndsAtMs) return;
    if (!isOpen(round)) {
      // A paused game finishes its round in play and opens no new one (0244).
      if (unit.paused) return;
      await openCrashRound(context, unit, nowMs);
    } else if (round.status === 'BETTING') await start(context, unit, round);
    else return crash(context, unit, round, nowMs);
  }
}

/**
 * The crash: from now on every cash-out answers ROUND_CRASHED at once, while the settlement (one ledger
 * call per paid bet) is written behind the unit's queue instead of holding it; the next phase change
 * waits for it. A failed settlement makes the unit rebuild itself (the round is then void, 0153).
 */
function crash(context: TablesContext, unit: CrashUnit, round: RoundRow, nowMs: number): void {
  unit.settling = finish(context, unit, round, nowMs, 'crash').then(
    () => {
      unit.settling = null;
    },
    (error: unknown) => {
      context.log?.error({ err: error, roundId: round.id }, 'crash: the settlement failed');
      unit.stale = true;
      unit.settling = null;
    },
  );
}

/** A new owner goes on with a round still taking bets; one that had taken off is void (0153). */
export async function recoverCrash(context: TablesContext, unit: CrashUnit): Promise<void> {
  const round = unit.round;
  if (!isOpen(round)) return;
  const nowMs = context.options.nowMs();
  if (round.status === 'BETTING' && nowMs < round.closesAtMs) return;
  await finish(context, unit, round, nowMs, 'void');
}

async function openCrashRound(context: TablesContext, unit: CrashUnit, nowMs: number): Promise<void> {
  const round = await transaction(context.db, async (sql) => {
    let chainIndex = await nextChainIndex(sql, unit.chain.id);
    if (chainIndex >= unit.chain.hashes.length) {
      unit.chain = await createChain(sql, context.options.randomHex, context.options.crashChainLength);
      chainIndex = 0;
    }
    const roundHash = unit.chain.hashes[chainIndex]!;
    const crash = crashPoint(roundHash, unit.chain.salt);
    if (!crash.ok) throw new Error(`crash point of chain ${unit.chain.id}: ${crash.code}`);
    const closesAtMs = nowMs + unit.bettingMs;
    const inserted = await insertRound(sql, {
      tableId: CRASH_TABLE_ID,
      status: 'BETTING',
      serverSeed: roundHash,
      serverSeedHash: sha256Hex(roundHash),
      clientSeed: unit.chain.salt,
      nonce: chainIndex,
      openedAtMs: nowMs,
      closesAtMs,
      phaseEndsAtMs: closesAtMs,
    });
    await insertCrashRound(sql, {
      roundId: inserted.id,
      chainId: unit.chain.id,
      chainIndex,
      crashHundredths: crash.value,
    });
    unit.crashHundredths = crash.value;
    afterCommit(() => publishCrash(context, unit, inserted));
    return inserted;
  });
  unit.round = round;
  unit.bets.clear();
  unit.refs.clear();
  unit.perPlayer.clear();
  unit.pendingRefs.clear();
}

async function start(context: TablesContext, unit: CrashUnit, round: RoundRow): Promise<void> {
  const crashAtMs = round.closesAtMs + elapsedToReach(unit.crashHundredths);
  unit.round = await transaction(context.db, async (sql) => {
    const running = await updateRound(sql, round, { status: 'RUNNING', phaseEndsAtMs: crashAtMs });
    afterCommit(() => publishCrash(context, unit, running));
    return running;
  });
}

/** Voids the round in play on a trader's word (0244), as a new owner voids one that had taken off. */
export function voidCrashRound(
  context: TablesContext,
  unit: CrashUnit,
  round: RoundRow,
  nowMs: number,
): Promise<CrashBetRow[]> {
  return finish(context, unit, round, nowMs, 'void');
}

async function finish(
  context: TablesContext,
  unit: CrashUnit,
  round: RoundRow,
  nowMs: number,
  how: 'crash' | 'void',
): Promise<CrashBetRow[]> {
  const input = { round, crashHundredths: unit.crashHundredths, nowMs, pauseMs: unit.crashedMs };
  const onCommitted = (done: RoundRow, bets: readonly CrashBetRow[]) => {
    if (done.status === 'SETTLED') {
      const entry = { roundId: done.id, crashPoint: unit.crashHundredths / 100 };
      unit.lastCrashes = [entry, ...unit.lastCrashes].slice(0, 10);
    }
    return publishCrash(context, unit, done, bets);
  };
  const finished =
    how === 'crash'
      ? await settleCrash(
          context,
          { ...input, winner: `${formatHundredths(unit.crashHundredths)}x` },
          onCommitted,
        )
      : await voidCrash(context, input, onCommitted);
  unit.round = finished.round;
  for (const bet of finished.bets) unit.bets.set(bet.id, bet);
  return finished.bets;
}

/**
 * One cash-out batch in one transaction (0230): the bets' new state and the round's version in one
 * statement, then every payout house → cash in one ledger call, last (0175). The wallet publishes the
 * players' new balances at its commit, so a cash-out is credited by the time it is acknowledged.
 */
async function writeCashOuts(
  context: TablesContext,
  unit: CrashUnit,
  bets: CrashBetRow[],
): Promise<boolean[]> {
  const round = unit.round;
  if (!round) throw new Error('cash-outs without a round');
  const payouts = bets.map((bet) => cashOutPayment(round, bet)).filter((payout) => payout !== null);
  try {
    const version = await transaction(
      context.db,
      async (sql) => {
        const next = await recordCashOuts(sql, round, bets);
        await postReturns(context, payouts);
        return next;
      },
      { retryRaces: true },
    );
    unit.round = { ...round, version };
    void publishCrash(context, unit, unit.round);
    return bets.map(() => true);
  } catch (error) {
    context.log?.error({ err: error, roundId: round.id }, 'crash: a cash-out batch failed');
    throw error;
  }
}

/** Publishes the round's state; `bets` defaults to the unit's (none for a round that just opened). */
export function publishCrash(
  context: TablesContext,
  unit: CrashUnit,
  round: RoundRow,
  bets: Iterable<CrashBetRow> = round.id === unit.round?.id ? unit.bets.values() : [],
): Promise<void> {
  const data = crashStream({
    round: crashRoundJson(round, unit.crashHundredths, unit.chain),
    lastCrashes: unit.lastCrashes,
    bets,
    nowMs: context.options.nowMs(),
    paused: unit.paused !== null,
  });
  return publishQuietly(context, 'crash', undefined, { seq: seqOf(round), data });
}
