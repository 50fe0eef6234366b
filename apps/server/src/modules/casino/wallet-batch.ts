import type { CasinoWalletAnswer, CasinoWalletStatus } from '@backlay/contracts';
import type { LedgerRequest } from '@backlay/ledger';
import type { Database, Sql } from '../../db/database.ts';
import { transaction } from '../../platform/transaction.ts';
import { hashToken } from '../auth/index.ts';
import { readPlayerBalances, type WalletService } from '../wallet/index.ts';
import { CashTimeline, type LedgerOutcome } from './wallet-cash.ts';
import { decidePass, type BatchState, type Decision, type Pending } from './wallet-decide.ts';
import { answerOf, settledBetId, type MoneyCallback } from './wallet-records.ts';
import {
  findTransactions,
  readBatch,
  writeTransactions,
  type BetOutcome,
  type NewTransaction,
} from './wallet-repo.ts';

export type BatchDeps = { db: Database; wallet: WalletService; now: () => number };

/** An answer, or the error that kept a callback from one (the route turns it into a server error). */
export type BatchAnswer = CasinoWalletAnswer | { failed: unknown };

const BATCH_ATTEMPTS = 2;

/**
 * Writes a batch of money callbacks in one transaction (docs/decisions/0182). When that fails (a
 * concurrent twin in another process, a deadlock, anything else), the batch is tried once more, then
 * each callback on its own, so one bad callback cannot fail the others.
 */
export async function writeCallbacks(
  deps: BatchDeps,
  callbacks: readonly MoneyCallback[],
): Promise<BatchAnswer[]> {
  if (callbacks.length > 1) {
    for (let attempt = 1; attempt <= BATCH_ATTEMPTS; attempt += 1) {
      try {
        return await writeBatch(deps, callbacks, false);
      } catch {
        // Tried again, then one by one below.
      }
    }
  }
  const answers: BatchAnswer[] = [];
  for (const callback of callbacks) answers.push(await writeAlone(deps, callback));
  return answers;
}

async function writeAlone(deps: BatchDeps, callback: MoneyCallback): Promise<BatchAnswer> {
  try {
    const [answer] = await writeBatch(deps, [callback], true);
    return answer ?? { failed: new Error('a casino batch answered nothing') };
  } catch (error) {
    if (!(error instanceof SettlementRefused)) return { failed: error };
    const cash = (await readPlayerBalances(deps.db, error.playerId))?.cashMinor ?? 0n;
    return answerOf('RS_ERROR_UNKNOWN', cash);
  }
}

/**
 * The ledger refused a win or rollback that later callbacks of the batch may have counted on (it
 * cannot for want of funds: casino clearing pays). The batch is redone one callback at a time.
 */
class SettlementRefused extends Error {
  constructor(readonly playerId: string) {
    super('the ledger refused a casino win or rollback');
  }
}

const distinct = <T>(values: readonly (T | null)[]): T[] => [
  ...new Set(values.filter((value): value is T => value !== null)),
];

/**
 * One transaction: one statement reads what the batch needs (wallet-repo.ts readBatch), then it
 * decides and writes in passes. A pass takes every callback that does not hang on another one's ledger
 * outcome in that pass (a win of a bet placed in the same batch, a second body under one id); those
 * wait for the next pass. Each pass is one ledger call and one write.
 */
async function writeBatch(
  deps: BatchDeps,
  callbacks: readonly MoneyCallback[],
  retryRaces: boolean,
): Promise<CasinoWalletAnswer[]> {
  return transaction(
    deps.db,
    async (tx) => {
      const hashes = callbacks.map((callback) => hashToken(callback.body.token));
      const reads = await readBatch(tx, {
        betIds: distinct(callbacks.map(settledBetId)),
        tokenHashes: distinct(hashes),
        transactionIds: distinct(callbacks.map((callback) => callback.body.transactionId)),
      });
      const state: BatchState = {
        ...reads,
        now: deps.now(),
        bets: new Map([...reads.bets].map(([id, bet]) => [id, { ...bet, settled: false }])),
      };
      const answers: CasinoWalletAnswer[] = new Array(callbacks.length);
      let pending: Pending[] = callbacks.map((callback, index) => ({
        index,
        callback,
        tokenHash: hashes[index] ?? '',
      }));
      while (pending.length > 0) pending = await writePass(tx, deps.wallet, state, pending, answers);
      return answers;
    },
    { retryRaces },
  );
}

type Accept = Extract<Decision, { type: 'accept' }>;
type RefusedBet = { at: number; transactionId: string };

/** Decides, posts and records one pass; answers into `answers`; returns the callbacks deferred. */
async function writePass(
  tx: Sql,
  wallet: WalletService,
  state: BatchState,
  pending: readonly Pending[],
  answers: CasinoWalletAnswer[],
): Promise<Pending[]> {
  const decisions = decidePass(pending, state);
  const { outcomes, refusedBets } = await postLedger(wallet, decisions);
  await seeTwinsOfRefused(tx, state, decisions, refusedBets);
  const cash = cashOfEach(state, decisions, outcomes);
  const rows: NewTransaction[] = [];
  const deferred: Pending[] = [];
  decisions.forEach((decision, at) => {
    const { index } = pending[at]!;
    const followsDeferred = decision.type === 'follow' && decisions[decision.twinOf]?.type === 'defer';
    if (decision.type === 'defer' || followsDeferred) deferred.push(pending[at]!);
    else if (decision.type === 'answer') answers[index] = decision.answer;
    else if (decision.type === 'follow') answers[index] = answers[pending[decision.twinOf]!.index]!;
    else if (decision.type === 'refuse') answers[index] = answerOf(decision.status, cash(at));
    else {
      answers[index] = answerOf('RS_OK', cash(at));
      const transfer = outcomes.get(at)?.result;
      const ledgerTransferId = transfer?.ok ? (transfer.transfers[0]?.id ?? null) : null;
      rows.push({ ...decision.row, answer: answers[index], ledgerTransferId });
    }
  });
  await writeTransactions(tx, rows, takeSettled(state));
  remember(state, rows);
  return deferred;
}

/**
 * Posts every accepted callback's transfer, in arrival order for each player, in as few ledger calls
 * as that allows (inOrderRuns). A bet the ledger refuses becomes a refusal (in place, in `decisions`;
 * its place is in `refusedBets`); a refused win or rollback fails the batch.
 */
async function postLedger(
  wallet: WalletService,
  decisions: Decision[],
): Promise<{ outcomes: Map<number, LedgerOutcome>; refusedBets: RefusedBet[] }> {
  const refusedBets: RefusedBet[] = [];
  const moving = decisions.flatMap((decision, at) =>
    decision.type === 'accept' && decision.ledger ? [{ at, decision }] : [],
  );
  const outcomes: LedgerOutcome[] = [];
  for (const run of inOrderRuns(moving.map((move) => move.decision))) {
    outcomes.push(...(await wallet.executeMany(run)));
  }
  const byPlace = new Map<number, LedgerOutcome>();
  moving.forEach(({ at, decision }, i) => {
    const outcome = outcomes[i]!;
    byPlace.set(at, outcome);
    if (outcome.result.ok) return;
    if (decision.row.kind !== 'BET') throw new SettlementRefused(decision.playerId);
    decisions[at] = { type: 'refuse', status: refusalOf(outcome.result.code), playerId: decision.playerId };
    refusedBets.push({ at, transactionId: decision.row.transactionId });
  });
  return { outcomes: byPlace, refusedBets };
}

/**
 * A bet refused for funds may have lost the money to its own twin, committed by another batch while
 * this one waited for the player's row; then the twin's recorded answer is the answer (next pass).
 */
async function seeTwinsOfRefused(
  tx: Sql,
  state: BatchState,
  decisions: Decision[],
  refusedBets: readonly RefusedBet[],
): Promise<void> {
  if (refusedBets.length === 0) return;
  const twins = await findTransactions(
    tx,
    refusedBets.map((bet) => bet.transactionId),
  );
  for (const { at, transactionId } of refusedBets) {
    const twin = twins.get(transactionId);
    if (!twin) continue;
    state.stored.set(transactionId, twin);
    decisions[at] = { type: 'defer' };
  }
}

/**
 * `executeMany` posts plain transfers in one call first and reversals one by one after them. A
 * player's transfer that arrived after that player's rollback therefore starts the next call, so every
 * player's money moves in arrival order (and each answer's cash is the cash right after it).
 */
function inOrderRuns(moves: readonly Accept[]): LedgerRequest[][] {
  const runs: LedgerRequest[][] = [];
  let run: LedgerRequest[] = [];
  let reversed = new Set<string>();
  for (const { playerId, ledger } of moves) {
    if (!ledger) continue;
    if (ledger.op !== 'reverse' && reversed.has(playerId)) {
      runs.push(run);
      run = [];
      reversed = new Set();
    }
    if (ledger.op === 'reverse') reversed.add(playerId);
    run.push(ledger);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

const refusalOf = (code: string): CasinoWalletStatus =>
  code === 'INSUFFICIENT_FUNDS' ? 'RS_ERROR_NOT_ENOUGH_MONEY' : 'RS_ERROR_UNKNOWN';

/**
 * The player's cash to answer at each place of the pass (wallet-cash.ts). Leaves each moved player's
 * latest cash in `state.cash` for the next pass.
 */
function cashOfEach(
  state: BatchState,
  decisions: readonly Decision[],
  outcomes: ReadonlyMap<number, LedgerOutcome>,
): (at: number) => bigint {
  const timeline = new CashTimeline();
  const own = new Map<number, bigint>();
  for (const [at, outcome] of outcomes) {
    const decision = decisions[at] as Accept;
    const after = timeline.record(decision.playerId, at, outcome);
    if (after !== undefined) own.set(at, after);
  }
  const before = new Map(state.cash);
  for (const [playerId, cash] of timeline.latest()) state.cash.set(playerId, cash);
  return (at) => {
    const decision = decisions[at];
    const playerId = decision?.type === 'accept' || decision?.type === 'refuse' ? decision.playerId : '';
    return own.get(at) ?? timeline.at(playerId, at) ?? before.get(playerId) ?? 0n;
  };
}

/** The bets settled since the last write, marked clean. */
function takeSettled(state: BatchState): BetOutcome[] {
  const settled: BetOutcome[] = [];
  for (const [betId, bet] of state.bets) {
    if (!bet.settled) continue;
    settled.push({ betId, winMinor: bet.winMinor, status: bet.status });
    bet.settled = false;
  }
  return settled;
}

/** What later passes of the batch see: the rows just written, and the bets just placed. */
function remember(state: BatchState, rows: readonly NewTransaction[]): void {
  for (const row of rows) {
    state.stored.set(row.transactionId, { fingerprint: row.fingerprint, answer: row.answer });
    if (row.kind !== 'BET') continue;
    state.bets.set(row.transactionId, {
      playerId: row.playerId,
      gameId: row.gameId,
      roundId: row.roundId,
      ledgerTransferId: row.ledgerTransferId,
      winMinor: 0n,
      status: 'OPEN',
      settled: false,
    });
  }
}
