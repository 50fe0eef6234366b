import type { CasinoWalletAnswer, CasinoWalletStatus } from '@backlay/contracts';
import type { LedgerRequest } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { unawaited } from '../../db/in-flight.ts';
import type { WalletService } from '../wallet/index.ts';
import { CASINO_STATUS_OF } from '../admission/index.ts';
import { CashTimeline, type LedgerOutcome } from './wallet-cash.ts';
import type { Foreseen } from './wallet-foresee.ts';
import type { BatchState, Decision, Pending } from './wallet-decide.ts';
import { answerOf } from './wallet-records.ts';
import {
  findTransactions,
  writeForeseen,
  writeTransactions,
  type BetChange,
  type BetOutcome,
  type Foresight,
  type NewTransaction,
} from './wallet-repo.ts';

/**
 * One pass of a casino batch (wallet-batch.ts): its transfers posted, its callbacks answered with the
 * cash right after each, its rows written.
 */

/**
 * The ledger refused a win or rollback that later callbacks of the batch may have counted on (it
 * cannot for want of funds: casino clearing pays). The batch is redone one callback at a time.
 */
export class SettlementRefused extends Error {
  constructor(readonly playerId: string) {
    super('the ledger refused a casino win or rollback');
  }
}

type Accept = Extract<Decision, { type: 'accept' }>;
type RefusedBet = { at: number; transactionId: string };

/** One decided pass of a batch: where it writes, what it decided, and where it answers. */
export type Pass = {
  tx: Sql;
  wallet: WalletService;
  state: BatchState;
  pending: readonly Pending[];
  decisions: Decision[];
  answers: CasinoWalletAnswer[];
};

/** Posts and records one decided pass; answers into `answers`; returns the callbacks deferred. */
export async function writePass(pass: Pass): Promise<Pending[]> {
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
 * A pass whose movements were all foreseen from the cash the batch knew (wallet-foresee.ts;
 * docs/decisions/0200) is answered from that foresight and written in one call (writeForeseen,
 * 0204): the unlocked bets it settles (`settle`, 0202), its ledger transfers, the checks that the
 * ledger did exactly what was foreseen and that what else the batch assumed holds, and its rows. The
 * call is sent without waiting, so it reaches PostgreSQL with the COMMIT: one round trip. If anything
 * was not as foreseen (a concurrent change of a player's cash), the transaction fails and the batch is
 * written again the ordinary way. False, with nothing sent, when the ledger cannot take the pass in
 * one call.
 */
export function writeForeseenPass(
  pass: Pass,
  foreseen: readonly Foreseen[],
  assumed: Omit<Foresight, 'cashAfter'>,
  settle: readonly BetChange[] = [],
): boolean {
  const { tx, wallet, state } = pass;
  const ledger = wallet.ledger.oneCall(foreseen.map((move) => move.transfer));
  if (!ledger) return false;
  const timeline = new CashTimeline();
  for (const move of foreseen) timeline.move(move.playerId, move.at, move.cashAfterMinor, move.deltaMinor);
  const places = new Map(foreseen.map((move, ord) => [move.at, ord]));
  const rows = answerPass(pass, timeline, (at) => {
    const ledgerOrd = places.get(at);
    return ledgerOrd === undefined ? { ledgerTransferId: null } : { ledgerTransferId: null, ledgerOrd };
  });
  const foresight = { cashAfter: foreseen.map((move) => move.cashAfterMinor), ...assumed };
  const posted = writeForeseen(tx, { settle, ledger, foresight, rows, settled: takeSettled(state) });
  unawaited(posted);
  wallet.publishAfterCommit(posted);
  remember(state, rows);
  return true;
}

const isDeferred = (decisions: readonly Decision[], at: number): boolean => decisions[at]?.type === 'defer';

/**
 * Answers every callback of a pass that is not deferred, each with its player's cash as `timeline`
 * tells it, and answers the rows to record for the accepted ones (`ledgerOf` names their transfer).
 */
function answerPass(
  { state, pending, decisions, answers }: Pass,
  timeline: CashTimeline,
  ledgerOf: (at: number) => Pick<NewTransaction, 'ledgerTransferId' | 'ledgerOrd'>,
): NewTransaction[] {
  const cash = cashOfEach(state, decisions, timeline);
  const rows: NewTransaction[] = [];
  decisions.forEach((decision, at) => {
    const { index } = pending[at]!;
    if (isDeferred(decisions, at)) return;
    if (decision.type === 'answer') answers[index] = decision.answer;
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
    decisions[at] = {
      type: 'refuse',
      status: walletStatusOfLedgerCode(outcome.result.code),
      playerId: decision.playerId,
    };
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

/** A bet the ledger refused, in the wallet protocol: its funds or loss-limit status, else unknown. */
const walletStatusOfLedgerCode = (code: string): CasinoWalletStatus =>
  code === 'INSUFFICIENT_FUNDS' || code === 'LOSS_LIMIT_REACHED'
    ? CASINO_STATUS_OF[code]
    : 'RS_ERROR_UNKNOWN';

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
export function takeSettled(state: BatchState): BetOutcome[] {
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
