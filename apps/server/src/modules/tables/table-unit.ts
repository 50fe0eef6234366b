import type { RoundStatus } from '@backlay/contracts';
import { tableGame } from '@backlay/tables';
import { ok, type Result } from '../../platform/rejections.ts';
import type { Deferred, UnitKind } from '../../platform/units/index.ts';
import { changePause, readPause, type PauseAnswer, type PauseCommand } from './admin-pauses.ts';
import { voidTableRound, type VoidAnswer, type VoidCommand } from './admin-void.ts';
import { marketVolumes } from './bets-repo.ts';
import { scheduleAdvance, type TablesContext } from './context.ts';
import type { RoundRow } from './round-row.ts';
import { latestRound, lastResults, touchRound } from './rounds-repo.ts';
import { publishTable } from './table-publish.ts';
import { placeBet, type BetCommand } from './table-bet.ts';
import { advance, newTableUnit, recover } from './table-loop.ts';
import type { BetAnswer, TableUnit } from './table-types.ts';

export type AdvanceCommand = { type: 'advance' };
export type TableCommand = AdvanceCommand | BetCommand | PauseCommand | VoidCommand;
export type AdvanceAnswer = { roundId: number | null; status: RoundStatus | null };
export type TableAnswer = AdvanceAnswer | BetAnswer | PauseAnswer | VoidAnswer;

const tableIdOf = (unitId: string) => unitId.slice('table:'.length);

/**
 * A table as a unit of the router (docs/decisions/0106): its owner loads it from the database,
 * finishes whatever round a previous owner left, and from then on runs its bets and its phase changes
 * one at a time, so a bet and the close it races are always judged in one order.
 */
export function tableKind(context: TablesContext): UnitKind<TableUnit, TableCommand, TableAnswer> {
  return {
    kind: 'table',
    async load(unitId) {
      const game = tableGame(tableIdOf(unitId));
      if (!game) return null;
      const unit = newTableUnit(context, game);
      unit.round = await latestRound(context.db, game.id);
      if (unit.round) {
        unit.volumes = { roundId: unit.round.id, byMarket: await marketVolumes(context.db, unit.round.id) };
      }
      unit.lastResults = await lastResults(context.db, game.id);
      unit.paused = await readPause(context.db, game.id);
      await recover(context, unit);
      scheduleAdvance(context, unit, unitId);
      return unit;
    },
    async handle(unit, command, unitId): Promise<Result<TableAnswer> | Deferred<TableAnswer>> {
      if (command.type === 'bet') return placeBet(context, unit, command);
      if (command.type === 'pause' || command.type === 'resume' || command.type === 'void') {
        const answer = await runStaffCommand(context, unit, command);
        scheduleAdvance(context, unit, unitId);
        return answer;
      }
      await advance(context, unit);
      scheduleAdvance(context, unit, unitId);
      const round = unit.round;
      const status = round ? (round.status === 'RUNNING' ? 'CLOSED' : round.status) : null;
      return ok({ roundId: round?.id ?? null, status });
    },
    async unload(unit) {
      if (unit.timer) clearTimeout(unit.timer);
      unit.timer = null;
      // Its batches move the round's version: they end before the table can be loaded afresh.
      await unit.bets.idle();
    },
  };
}

/** A trader's pause, resume or void (docs/decisions/0244), run between the table's other commands. */
function runStaffCommand(
  context: TablesContext,
  unit: TableUnit,
  command: PauseCommand | VoidCommand,
): Promise<Result<PauseAnswer | VoidAnswer>> {
  if (command.type === 'void') return voidTableRound(context, unit, command);
  return pauseAndTell(context, unit, command);
}

/**
 * A pause or resume, published to the table's players at once (docs/decisions/0254): it moves the
 * round's version in its transaction, so the stream takes the table's state with it as a newer one.
 * Bets already taken are written first, since their batch writes at the version the owner holds.
 */
async function pauseAndTell(
  context: TablesContext,
  unit: TableUnit,
  command: PauseCommand,
): Promise<Result<PauseAnswer>> {
  await unit.bets.idle();
  const round = unit.round;
  let touched: RoundRow | null = null;
  const answer = await changePause(context, unit, unit.game.id, command, async (tx) => {
    if (round) touched = await touchRound(tx, round);
  });
  if (touched) {
    unit.round = touched;
    await publishTable(context, unit, touched);
  }
  return answer;
}
