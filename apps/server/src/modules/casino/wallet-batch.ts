import type { CasinoWalletAnswer, CasinoWalletStatus } from '@backlay/contracts';
import type { LedgerRequest } from '@backlay/ledger';
import type { Database, Sql } from '../../db/database.ts';
import { unawaited } from '../../db/in-flight.ts';
import { transaction } from '../../platform/transaction.ts';
import { hashToken } from '../auth/index.ts';
import { readPlayerBalances, type WalletService } from '../wallet/index.ts';
import { CashTimeline, type LedgerOutcome } from './wallet-cash.ts';
import { foreseePass } from './wallet-foresee.ts';
import { decidePass, type BatchState, type Decision, type Pending } from './wallet-decide.ts';
import { answerOf, settledBetId, type MoneyCallback } from './wallet-records.ts';
import {
  expectCash,
  findTransactions,
  readBatch,
  writeTransactions,
  type BetOutcome,
  type NewTransaction,
} from './wallet-repo.ts';

export type BatchDeps = { db: Database; wallet: WalletService; now: () => number; counts: BatchCounts };

/** How batches were written: passes foreseen or written the ordinary way, failed attempts, singles. */
export type BatchCounts = {
  foreseenPasses: number;
  writtenPasses: number;
  failedAttempts: number;
  alone: number;
};

export const noBatchesYet = (): BatchCounts => ({
  foreseenPasses: 0,
  writtenPasses: 0,
  failedAttempts: 0,
  alone: 0,
});

/** An answer, or the error that kept a callback from one (the route turns it into a server error). */
export type BatchAnswer = CasinoWalletAnswer | { failed: unknown };

const BATCH_ATTEMPTS = 2;

/**
 * Writes a batch of money callbacks in one transaction (docs/decisions/0182), foreseen when it can be
 * (0200). When that fails (a concurrent twin in another process, a deadlock, a foresight the ledger
 * did not bear out, anything else), a batch is tried once more, then each callback on its own, so one
 * bad callback cannot fail the others.
 */
export async function writeCallbacks(
  deps: BatchDeps,
  callbacks: readonly MoneyCallback[],
): Promise<BatchAnswer[]> {
  const attempts = callbacks.length > 1 ? BATCH_ATTEMPTS : 1;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await writeBatch(deps, callbacks, { retryRaces: false, foresee: attempt === 1 });
    } catch {
      // Tried again, then one by one below.
      deps.counts.failedAttempts += 1;
    }
  }
  const answers: BatchAnswer[] = [];
  deps.counts.alone += callbacks.length;
  for (const callback of callbacks) answers.push(await writeAlone(deps, callback));
  return answers;
}

async function writeAlone(deps: BatchDeps, callback: MoneyCallback): Promise<BatchAnswer> {
  try {
    const [answer] = await writeBatch(deps, [callback], { retryRaces: true, foresee: false });
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
 * wait for the next pass. Each pass is one ledger call and one write; with `foresee`, a pass whose
 * movements can be foreseen goes out with the COMMIT (writeForeseenPass).
 */
async function writeBatch(
  deps: BatchDeps,
  callbacks: readonly MoneyCallback[],
  options: { retryRaces: boolean; foresee: boolean },
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
      while (pending.length > 0) {
        const pass = {
          tx,
          wallet: deps.wallet,
          state,
          pending,
          decisions: decidePass(pending, state),
          answers,
        };
        if (options.foresee && writeForeseenPass(pass)) {
          deps.counts.foreseenPasses += 1;
          break;
        }
        pending = await writePass(pass);
        deps.counts.writtenPasses += 1;
      }
      return answers;
    },
    { retryRaces: options.retryRaces },
  );
}

type Accept = Extract<Decision, { type: 'accept' }>;
type RefusedBet = { at: number; transactionId: string };

/** One decided pass of a batch: where it writes, what it decided, and where it answers. */
type Pass = {
  tx: Sql;
  wallet: WalletService;
  state: BatchState;
  pending: readonly Pending[];
  decisions: Decision[];
  answers: CasinoWalletAnswer[];
};

/** Posts and records one decided pass; answers into `answers`; returns the callbacks deferred. */
async function writePass(pass: Pass): Promise<Pending[]> {
  const { tx, wallet, state, pending, decisions } = pass;
  const { outcomes, refusedBets } = await postLedger(wallet, decisions);
  await seeTwinsOfRefused(tx, state, decisions, refusedBets);
  const timeline = new CashTimeline();
  for (const [at, outcome] of outcomes) timeline.record((decisions[at] as Accept).playerId, at, outcome);
  const rows = answerPass(pass, timeline, (at) => {
    const transfer = outcomes.get(at)?.result;
    return { ledgerTransferId: transfer?.ok ? (transfer.transfers[0]?.id ?? null) : null };
  });
  unawaited(writeTransactions(tx, rows, takeSettled(state)));
  remember(state, rows);
  return pending.filter((_, at) => isDeferred(decisions, at));
}

/**
 * A pass whose movements can all be foreseen from the cash the batch read (wallet-foresee.ts;
 * docs/decisions/0200) is answered from that foresight, and its ledger call, a check that the ledger
 * did exactly what was foreseen, and its write are sent without waiting, so they reach PostgreSQL with
 * the COMMIT: one round trip. If the ledger did otherwise (a concurrent change of a player's cash), the
 * check fails the transaction and the batch is written again the ordinary way. False, with nothing
 * sent, when the pass cannot be foreseen.
 */
function writeForeseenPass(pass: Pass): boolean {
  const { tx, wallet, state, decisions } = pass;
  const foreseen = foreseePass(state, decisions);
  const posted =
    foreseen &&
    wallet.ledger.transfersInOneCall(
      foreseen.map((move) => move.transfer),
      tx,
    );
  if (!foreseen || !posted) return false;
  unawaited(posted);
  wallet.publishAfterCommit(posted);
  unawaited(
    expectCash(
      tx,
      foreseen.map((move) => ({ key: move.transfer.idempotencyKey, cashAfterMinor: move.cashAfterMinor })),
    ),
  );
  const timeline = new CashTimeline();
  for (const move of foreseen) timeline.move(move.playerId, move.at, move.cashAfterMinor, move.deltaMinor);
  const keys = new Map(foreseen.map((move) => [move.at, move.transfer.idempotencyKey]));
  const rows = answerPass(pass, timeline, (at) => {
    const ledgerKey = keys.get(at);
    return ledgerKey === undefined ? { ledgerTransferId: null } : { ledgerTransferId: null, ledgerKey };
  });
  unawaited(writeTransactions(tx, rows, takeSettled(state)));
  return true;
}

const isDeferred = (decisions: readonly Decision[], at: number): boolean => {
  const decision = decisions[at];
  return (
    decision?.type === 'defer' ||
    (decision?.type === 'follow' && decisions[decision.twinOf]?.type === 'defer')
  );
};

/**
 * Answers every callback of a pass that is not deferred, each with its player's cash as `timeline`
 * tells it, and answers the rows to record for the accepted ones (`ledgerOf` names their transfer).
 */
function answerPass(
  { state, pending, decisions, answers }: Pass,
  timeline: CashTimeline,
  ledgerOf: (at: number) => Pick<NewTransaction, 'ledgerTransferId' | 'ledgerKey'>,
): NewTransaction[] {
  const cash = cashOfEach(state, decisions, timeline);
  const rows: NewTransaction[] = [];
  decisions.forEach((decision, at) => {
    const { index } = pending[at]!;
    if (isDeferred(decisions, at)) return;
    if (decision.type === 'answer') answers[index] = decision.answer;
    else if (decision.type === 'follow') answers[index] = answers[pending[decision.twinOf]!.index]!;
    else if (decision.type === 'refuse') answers[index] = answerOf(decision.status, cash(at));
    else if (decision.type === 'accept') {
      answers[index] = answerOf('RS_OK', cash(at));
      rows.push({ ...decision.row, answer: answers[index], ...ledgerOf(at) });
    }
  });
  return rows;
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
  timeline: CashTimeline,
): (at: number) => bigint {
  const before = new Map(state.cash);
  for (const [playerId, cash] of timeline.latest()) state.cash.set(playerId, cash);
  return (at) => {
    const decision = decisions[at];
    const playerId = decision?.type === 'accept' || decision?.type === 'refuse' ? decision.playerId : '';
    return timeline.after(at) ?? timeline.at(playerId, at) ?? before.get(playerId) ?? 0n;
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
