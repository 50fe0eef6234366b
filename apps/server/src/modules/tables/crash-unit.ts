import type { CrashStatus } from '@backlay/contracts';
import { ok, type Result } from '../../platform/rejections.ts';
import { deferred, type Deferred, type UnitKind } from '../../platform/units/index.ts';
import { readPause, type PauseAnswer, type PauseCommand } from './admin-pauses.ts';
import { voidCrashRoundOnOwner, type VoidAnswer, type VoidCommand } from './admin-void.ts';
import { scheduleAdvance, type TablesContext } from './context.ts';
import {
  cashOut,
  placeCrashBet,
  type CashOutAnswer,
  type CashOutCommand,
  type CrashBetCommand,
} from './crash-bet.ts';
import type { CrashBetAnswer } from './crash-bet-write.ts';
import { creditDueAutoCashOuts, nextCrashWakeMs } from './crash-cash-out.ts';
import { chainById, createChain, latestChain } from './crash-chain.ts';
import { pauseCrashAndTell } from './crash-pause.ts';
import { advanceCrash, newCrashUnit, recoverCrash, rememberBet, type CrashUnit } from './crash-loop.ts';
import { crashBetsOfRound, lastCrashes, readCrashRound } from './crash-repo.ts';
import { crashStatusOf } from './crash-view.ts';
import { CRASH_TABLE_ID, CRASH_UNIT_ID } from './deps.ts';
import { latestRound } from './rounds-repo.ts';
import { isOpen } from './round-row.ts';

export type CrashCommand =
  { type: 'advance' } | CrashBetCommand | CashOutCommand | PauseCommand | VoidCommand;
export type CrashAdvanceAnswer = { roundId: number | null; status: CrashStatus | null };
export type CrashAnswer = CrashAdvanceAnswer | CrashBetAnswer | CashOutAnswer | PauseAnswer | VoidAnswer;

/**
 * The crash game as one unit (docs/decisions/0153): bets, cash-outs and the crash itself run one at a
 * time on its owner, so a cash-out racing the crash resolves the same way however the two arrive.
 */
export function crashKind(context: TablesContext): UnitKind<CrashUnit, CrashCommand, CrashAnswer> {
  return {
    kind: 'crash',
    async load(unitId) {
      if (unitId !== CRASH_UNIT_ID) return null;
      const round = await latestRound(context.db, CRASH_TABLE_ID);
      const crashRow = round ? await readCrashRound(context.db, round.id) : null;
      const chain = crashRow
        ? await chainById(context.db, crashRow.chainId)
        : ((await latestChain(context.db)) ??
          (await createChain(context.db, context.options.randomHex, context.options.crashChainLength)));
      const unit = newCrashUnit(context, chain);
      unit.round = round;
      unit.crashHundredths = crashRow?.crashHundredths ?? 100;
      unit.lastCrashes = await lastCrashes(context.db);
      unit.paused = await readPause(context.db, CRASH_TABLE_ID);
      if (isOpen(round))
        for (const bet of await crashBetsOfRound(context.db, round.id)) rememberBet(unit, bet);
      await recoverCrash(context, unit);
      scheduleAdvance(context, unit, unitId, nextCrashWakeMs(unit));
      return unit;
    },
    async handle(unit, command, unitId): Promise<Result<CrashAnswer> | Deferred<CrashAnswer>> {
      if (command.type === 'bet') return placeCrashBet(context, unit, command);
      if (command.type === 'cash-out') return cashOut(context, unit, command);
      if (command.type === 'pause' || command.type === 'resume' || command.type === 'void') {
        const answer =
          command.type === 'void'
            ? await voidCrashRoundOnOwner(context, unit, command)
            : await pauseCrashAndTell(context, unit, command);
        scheduleAdvance(context, unit, unitId, nextCrashWakeMs(unit));
        return answer;
      }
      // Auto targets the curve passed are credited first: a crash never passes one below it.
      creditDueAutoCashOuts(context, unit);
      await advanceCrash(context, unit);
      const answer = (): Result<CrashAnswer> => {
        scheduleAdvance(context, unit, unitId, nextCrashWakeMs(unit));
        return ok({ roundId: unit.round?.id ?? null, status: unit.round ? crashStatusOf(unit.round) : null });
      };
      // A crash being settled: the queue moves on, this answer (and the next timer) waits for it.
      return unit.settling ? deferred(unit.settling.then(answer)) : answer();
    },
    async unload(unit) {
      if (unit.timer) clearTimeout(unit.timer);
      unit.timer = null;
      // Its writes move the round's version: they end before the game can be loaded afresh.
      await Promise.all([unit.placing.idle(), unit.batcher.idle(), unit.settling]);
    },
  };
}
