import { sha256Hex } from '@backlay/fair';
import { dealRound, scaledTimings, type TableGame } from '@backlay/tables';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import { tableError } from './errors.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import { writeBatch } from './table-batch.ts';
import { publishTable } from './table-publish.ts';
import type { TablesContext } from './context.ts';
import { insertRound, updateRound } from './rounds-repo.ts';
import { isOpen, type RoundRow } from './round-row.ts';
import { settleRound, voidRound, type Finished } from './table-settle.ts';
import type { TableUnit } from './table-types.ts';

export function newTableUnit(context: TablesContext, game: TableGame): TableUnit {
  const unit: TableUnit = {
    game,
    timings: scaledTimings(game.timings, context.speed),
    round: null,
    refs: new Map(),
    pendingRefs: new Map(),
    bets: new GroupCommit(
      (items) => writeBatch(context, unit, items),
      (_item, error) => {
        context.log?.error({ err: error, tableId: game.id }, 'tables: a batch of bets failed');
        return tableError('BETS_UNAVAILABLE');
      },
    ),
    volumes: { roundId: 0, byMarket: new Map() },
    lastResults: [],
    paused: null,
    timer: null,
  };
  return unit;
}

/** The public client seed of a table's rounds; the nonce counts its rounds. */
export const clientSeedOf = (tableId: string) => `backlay:${tableId}`;

/** The most phase changes one command runs (a table that fell far behind catches up in steps). */
const MAX_STEPS = 8;

/**
 * Runs every phase change that is due by the server clock: BETTING → CLOSED → DEALING → RESULT →
 * SETTLED, then a new round. Each change is its own transaction, published once committed.
 */
export async function advance(context: TablesContext, unit: TableUnit): Promise<void> {
  // Bets accepted before this command are written first: a close never passes one.
  await unit.bets.idle();
  for (let step = 0; step < MAX_STEPS; step++) {
    const nowMs = context.options.nowMs();
    if (unit.round && nowMs < unit.round.phaseEndsAtMs) return;
    // A paused table finishes its round in play and opens no new one (docs/decisions/0244).
    if (unit.paused && !isOpen(unit.round)) return;
    await nextPhase(context, unit, nowMs);
  }
}

async function nextPhase(context: TablesContext, unit: TableUnit, nowMs: number): Promise<void> {
  const round = unit.round;
  const { timings } = unit;
  if (!isOpen(round)) return openRound(context, unit, nowMs);
  switch (round.status) {
    case 'BETTING':
      return moveTo(context, unit, round, { status: 'CLOSED', phaseEndsAtMs: nowMs + timings.closedMs });
    case 'CLOSED': {
      const outcome = dealRound(unit.game, round);
      const change = { status: 'DEALING' as const, phaseEndsAtMs: nowMs + timings.dealingMs };
      return moveTo(context, unit, round, { ...change, outcome, winner: outcome.winner });
    }
    case 'DEALING':
      return moveTo(context, unit, round, { status: 'RESULT', phaseEndsAtMs: nowMs + timings.resultMs });
    case 'RESULT':
      unit.round = (
        await settleRound(context, unit.game, round, nowMs, finishedPublisher(context, unit))
      ).round;
      return;
    default:
      throw new Error(`table ${unit.game.id} cannot advance a ${round.status} round`);
  }
}

/**
 * A new owner finishes what the last one left (docs/decisions/0150): a round still taking bets goes on;
 * one whose cards were out (DEALING, RESULT) is settled; one closed but not dealt is voided and its bets
 * refunded. Keys from bet ids make either happen exactly once, whoever runs it.
 */
export async function recover(context: TablesContext, unit: TableUnit): Promise<void> {
  const round = unit.round;
  if (!isOpen(round)) return;
  const nowMs = context.options.nowMs();
  if (round.status === 'BETTING' && nowMs < round.closesAtMs) return;
  const publish = finishedPublisher(context, unit);
  const finished =
    round.status === 'DEALING' || round.status === 'RESULT'
      ? await settleRound(context, unit.game, round, nowMs, publish)
      : await voidRound(context, unit.game, round, nowMs, publish);
  unit.round = finished.round;
}

async function openRound(context: TablesContext, unit: TableUnit, nowMs: number): Promise<void> {
  const serverSeed = context.options.randomHex(32);
  const closesAtMs = nowMs + unit.timings.bettingMs;
  const round = await transaction(context.db, async (sql) => {
    const inserted = await insertRound(sql, {
      tableId: unit.game.id,
      status: 'BETTING',
      serverSeed,
      serverSeedHash: sha256Hex(serverSeed),
      clientSeed: clientSeedOf(unit.game.id),
      nonce: unit.round ? unit.round.nonce + 1 : 0,
      openedAtMs: nowMs,
      closesAtMs,
      phaseEndsAtMs: closesAtMs,
    });
    afterCommit(() => publishTable(context, unit, inserted));
    return inserted;
  });
  unit.round = round;
  unit.refs.clear();
}

async function moveTo(
  context: TablesContext,
  unit: TableUnit,
  round: RoundRow,
  change: Parameters<typeof updateRound>[2],
): Promise<void> {
  unit.round = await transaction(context.db, async (sql) => {
    const next = await updateRound(sql, round, change);
    afterCommit(() => publishTable(context, unit, next));
    return next;
  });
}

/** Once a round is settled or void: the lobby's last results take it and the table is published. */
export function finishedPublisher(context: TablesContext, unit: TableUnit) {
  return ({ round }: Finished) => {
    unit.lastResults = [
      { roundId: round.id, winner: round.status === 'VOID' ? 'Void' : (round.winner ?? '') },
      ...unit.lastResults,
    ].slice(0, 10);
    return publishTable(context, unit, round);
  };
}
