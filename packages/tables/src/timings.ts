import type { PhaseTimings } from './types.ts';

/** Card tables: 15 s to bet, a second of "no more bets", the deal, the result, a pause. */
export const CARD_TABLE_TIMINGS: PhaseTimings = {
  bettingMs: 15_000,
  closedMs: 1_000,
  dealingMs: 3_000,
  resultMs: 2_000,
  settledMs: 3_000,
};

export const withDealing = (dealingMs: number): PhaseTimings => ({ ...CARD_TABLE_TIMINGS, dealingMs });

/** Every phase divided by the speed (TABLE_SPEED), never below 1 ms. */
export function scaledTimings(timings: PhaseTimings, speed: number): PhaseTimings {
  const scale = (ms: number) => Math.max(1, Math.round(ms / speed));
  return {
    bettingMs: scale(timings.bettingMs),
    closedMs: scale(timings.closedMs),
    dealingMs: scale(timings.dealingMs),
    resultMs: scale(timings.resultMs),
    settledMs: scale(timings.settledMs),
  };
}
