import { dice, slot, SLOT_TITLES, type Seeds } from '../src/index.ts';

/**
 * Measurements shared by `npm run bench:fair` and the portal's `npm run bench:casino` (through
 * `@backlay/fair/bench`), so both print figures measured the same way. They read the clock, which is
 * why they live beside the package's source and not in it.
 */

/** Runs `run` `count` times after a short warm-up; answers calls per second. */
export function perSecond(count: number, run: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(count, 5000); i++) run(i);
  const started = performance.now();
  for (let i = 0; i < count; i++) run(i);
  return Math.round((count * 1000) / (performance.now() - started));
}

/** Calls per second of `run` over about `durationMs` on this thread (one core), after a warm-up. */
export function perSecondOver(durationMs: number, run: (i: number) => unknown): number {
  const batch = 1000;
  for (let i = 0; i < 5000; i++) run(i);
  const started = performance.now();
  let calls = 0;
  while (performance.now() - started < durationMs) {
    for (let i = 0; i < batch; i++) run(calls + i);
    calls += batch;
  }
  return Math.round((calls * 1000) / (performance.now() - started));
}

export const BENCH_SERVER_SEED = 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1';
const benchSeeds = (nonce: number): Seeds => ({
  serverSeed: BENCH_SERVER_SEED,
  clientSeed: 'bench-client-seed',
  nonce,
});

/** Dice outcomes (a fresh HMAC each) per second on one core over about `durationMs`. */
export function diceOutcomesPerSecond(durationMs = 1000): number {
  return perSecondOver(durationMs, (nonce) => dice(benchSeeds(nonce)));
}

export type SlotRtpFigure = {
  readonly spins: number;
  /** Mean return in percent of the stake over the spins. */
  readonly simulatedPct: number;
  /** One standard error of that mean, in percent. */
  readonly standardErrorPct: number;
  /** The title's exact return (its reels and paytable enumerated), in percent. */
  readonly documentedPct: number;
};

/** The mean return of one slot title over `spins` consecutive nonces. */
export function simulateSlotRtp(titleId: string, spins: number): SlotRtpFigure {
  const title = SLOT_TITLES.find((candidate) => candidate.id === titleId);
  if (title === undefined) throw new Error(`unknown slot title ${titleId}`);
  let total = 0;
  let totalSquares = 0;
  for (let nonce = 0; nonce < spins; nonce++) {
    const result = slot(
      { serverSeed: BENCH_SERVER_SEED, clientSeed: 'rtp-check', nonce },
      { title: title.id },
    );
    if (!result.ok) throw new Error(result.code);
    const multiplier = result.value.multiplierHundredths / 100;
    total += multiplier;
    totalSquares += multiplier * multiplier;
  }
  const mean = total / spins;
  const deviation = Math.sqrt(Math.max(0, totalSquares / spins - mean * mean));
  return {
    spins,
    simulatedPct: Number((100 * mean).toFixed(3)),
    standardErrorPct: Number(((100 * deviation) / Math.sqrt(spins)).toFixed(3)),
    documentedPct: title.documentedRtpPpm / 10_000,
  };
}

/** Every slot title's simulated return, `spinsPerTitle` spins each. */
export function slotRtpFigures(spinsPerTitle: number): Record<string, SlotRtpFigure> {
  return Object.fromEntries(SLOT_TITLES.map((title) => [title.id, simulateSlotRtp(title.id, spinsPerTitle)]));
}
