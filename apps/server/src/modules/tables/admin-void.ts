import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { transaction } from '../../platform/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { adminTableError } from './admin-errors.ts';
import type { TablesContext } from './context.ts';
import { creditDueAutoCashOuts } from './crash-cash-out.ts';
import { voidCrashRound, type CrashUnit } from './crash-loop.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { tableError } from './errors.ts';
import { roundReference } from './postings.ts';
import { readRound } from './rounds-repo.ts';
import { isOpen, type RoundRow } from './round-row.ts';
import { finishedPublisher } from './table-loop.ts';
import { voidRound } from './table-settle.ts';
import type { TableUnit } from './table-types.ts';

/** A trader's void of a round in play, as it travels to the table's owner (JSON only). */
export type VoidCommand = { type: 'void'; roundId: number; actor: AuditActor; reason: string };
export type VoidAnswer = { roundId: number };

type Voided = { bets: readonly { stakeMinor: bigint; status: string; payoutMinor: bigint | null }[] };

/**
 * Voids a table's round in play on its owner (docs/decisions/0244), behind the bets already accepted
 * and in the same queue as its phase changes, so a settlement racing the void is judged in one order:
 * whichever runs first wins, and the other finds the round finished. Every open bet is refunded under a
 * key from its id, as a restart's void does, so nothing is refunded twice.
 */
export async function voidTableRound(
  context: TablesContext,
  unit: TableUnit,
  command: VoidCommand,
): Promise<Result<VoidAnswer>> {
  await unit.bets.idle();
  const round = await roundToVoid(context, unit.game.id, unit.round, command.roundId);
  if (!round.ok) return round;
  const nowMs = context.options.nowMs();
  const finished = await transaction(
    context.db,
    async (tx) => {
      const done = await voidRound(context, unit.game, round.value, nowMs, finishedPublisher(context, unit));
      await auditVoid(tx, command, round.value, done);
      return done;
    },
    { retryRaces: true },
  );
  unit.round = finished.round;
  return ok({ roundId: command.roundId });
}

/**
 * Voids the crash game's round in play on its owner: auto targets the curve already passed are
 * credited first and every write in flight lands, as before a crash; then cash-outs already made stand
 * and every bet still riding is refunded (0153).
 */
export async function voidCrashRoundOnOwner(
  context: TablesContext,
  unit: CrashUnit,
  command: VoidCommand,
): Promise<Result<VoidAnswer>> {
  creditDueAutoCashOuts(context, unit);
  await unit.placing.idle();
  await unit.batcher.idle();
  await unit.settling;
  if (unit.stale) throw new Error('the crash game must be rebuilt after a failed settlement');
  const round = await roundToVoid(context, CRASH_TABLE_ID, unit.round, command.roundId);
  if (!round.ok) return round;
  const nowMs = context.options.nowMs();
  await transaction(
    context.db,
    async (tx) => {
      const bets = await voidCrashRound(context, unit, round.value, nowMs);
      await auditVoid(tx, command, round.value, { bets });
    },
    { retryRaces: true },
  );
  return ok({ roundId: command.roundId });
}

/** The round in play when it is the one named; otherwise why it cannot be voided. */
async function roundToVoid(
  context: TablesContext,
  tableId: string,
  current: RoundRow | null,
  roundId: number,
): Promise<Result<RoundRow>> {
  if (current?.id === roundId && isOpen(current)) return ok(current);
  const round = current?.id === roundId ? current : await readRound(context.db, roundId);
  if (!round || round.tableId !== tableId) return tableError('UNKNOWN_ROUND');
  if (round.status === 'VOID') return adminTableError('ROUND_ALREADY_VOID');
  if (round.status === 'SETTLED') return adminTableError('ROUND_SETTLED');
  // One open round per table (a unique index), and its owner holds it: memory lost it.
  throw new Error(`round ${roundId} is open but not the one table ${tableId} plays`);
}

async function auditVoid(tx: Sql, command: VoidCommand, round: RoundRow, voided: Voided): Promise<void> {
  const refunded = voided.bets.filter((bet) => bet.status === 'VOID');
  const sum = (amounts: bigint[]) => amounts.reduce((total, amount) => total + amount, 0n);
  await recordAudit(tx, command.actor, {
    action: 'table round void',
    target: roundReference(round.tableId, round.id),
    before: { status: round.status },
    after: {
      status: 'VOID',
      betsRefunded: refunded.length,
      refunded: formatMinor(sum(refunded.map((bet) => bet.payoutMinor ?? 0n))),
    },
    reason: command.reason,
  });
}
