import { crashReturnMinor, elapsedToReach } from '@backlay/tables';
import type { TablesContext } from './context.ts';
import type { CrashUnit } from './crash-loop.ts';
import type { CrashBetRow } from './crash-repo.ts';

/**
 * Cashes a bet out in memory at `multiplierHundredths` and hands it to the unit's cash-out batch, which
 * writes it and pays it in one transaction (docs/decisions/0230); answers whether that committed. A
 * batch that failed puts the bet back as it was: it rides on, and nothing was paid.
 */
export async function creditCashOut(
  unit: Pick<CrashUnit, 'batcher'>,
  bet: CrashBetRow,
  multiplierHundredths: number,
  atMs: number,
): Promise<boolean> {
  Object.assign(bet, {
    status: 'CASHED_OUT',
    cashedOutHundredths: multiplierHundredths,
    cashedOutAtMs: atMs,
    payoutMinor: crashReturnMinor(bet.stakeMinor, multiplierHundredths),
  });
  const committed = await unit.batcher.submit(bet);
  if (!committed) {
    Object.assign(bet, { status: 'OPEN', cashedOutHundredths: null, cashedOutAtMs: null, payoutMinor: null });
  }
  return committed;
}

/**
 * Credits every auto cash-out whose target the curve has reached by now (0230), at its target and at
 * the moment the curve reached it, through the same batches as cash-outs by hand. Targets at or above
 * the crash point never win. The unit runs this on every wake; `nextAutoCashOutMs` sets the next one.
 */
export function creditDueAutoCashOuts(context: TablesContext, unit: CrashUnit): void {
  const startMs = flyingSince(unit);
  if (startMs === null) return;
  const nowMs = context.options.nowMs();
  for (const bet of unit.bets.values()) {
    const target = pendingTarget(unit, bet);
    if (target === null) continue;
    const reachedAtMs = startMs + elapsedToReach(target);
    // A failed batch leaves the bet open; the next wake, or the crash's settlement, pays it then.
    if (reachedAtMs <= nowMs) void creditCashOut(unit, bet, target, reachedAtMs);
  }
}

/** When the curve reaches the lowest auto target still to credit; null when there is none. */
export function nextAutoCashOutMs(unit: CrashUnit): number | null {
  const startMs = flyingSince(unit);
  if (startMs === null) return null;
  let lowest: number | null = null;
  for (const bet of unit.bets.values()) {
    const target = pendingTarget(unit, bet);
    if (target !== null && (lowest === null || target < lowest)) lowest = target;
  }
  return lowest === null ? null : startMs + elapsedToReach(lowest);
}

/** When the unit wakes next: at its phase change, or earlier for an auto target. */
export function nextCrashWakeMs(unit: CrashUnit): number | undefined {
  const phaseEndsAtMs = unit.round?.phaseEndsAtMs;
  const autoMs = nextAutoCashOutMs(unit);
  return autoMs === null || phaseEndsAtMs === undefined ? phaseEndsAtMs : Math.min(phaseEndsAtMs, autoMs);
}

/** Take-off time of the round in flight; null before take-off and once it crashed. */
function flyingSince(unit: CrashUnit): number | null {
  const round = unit.round;
  return round?.status === 'RUNNING' && !unit.settling ? round.closesAtMs : null;
}

/** An open bet's auto target when the round will reach it, else null. */
function pendingTarget(unit: CrashUnit, bet: CrashBetRow): number | null {
  const target = bet.autoHundredths;
  return bet.status === 'OPEN' && target !== null && target < unit.crashHundredths ? target : null;
}
