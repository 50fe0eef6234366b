/**
 * Outcome figures for the last JSON line of `npm run bench:casino`: how many dice outcomes one core
 * draws per second, and each slot title's simulated return. Measured by the fair package's own bench
 * functions, so `npm run bench:fair` and this line agree on method.
 */
import { diceOutcomesPerSecond, slotRtpFigures } from '@backlay/fair/bench';
import { SLOT_TITLES } from '@backlay/fair';

/** At least a million spins in total, spread evenly over the slot titles. */
const TOTAL_SLOT_SPINS = Number(process.env.BENCH_CASINO_SLOT_SPINS ?? 1_000_000);

export async function outcomeFigures(): Promise<{
  diceOutcomesPerSec: number;
  /** Title id → simulated return as a fraction of the stake (0.9612 = 96.12 %). */
  slotRtp: Record<string, number>;
}> {
  const diceOutcomesPerSec = diceOutcomesPerSecond(1000);
  const spinsPerTitle = Math.ceil(TOTAL_SLOT_SPINS / SLOT_TITLES.length);
  const figures = slotRtpFigures(spinsPerTitle);
  const slotRtp = Object.fromEntries(
    Object.entries(figures).map(([id, figure]) => [id, Number((figure.simulatedPct / 100).toFixed(5))]),
  );
  return { diceOutcomesPerSec, slotRtp };
}
