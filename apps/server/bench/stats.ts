/**
 * The headline of runs at several levels of concurrent clients (docs/decisions/0198): the fastest run
 * within the p99 target, else the fastest. Clients sending back to back wait, on average, their number
 * over the rate (Little's law), so a target is met, if at all, at a lower level.
 */
export function headlineRun<Run extends { p99Ms: number }>(
  runs: readonly Run[],
  ratePerSec: (run: Run) => number,
  targetP99Ms: number,
): Run | undefined {
  const byRate = [...runs].sort((a, b) => ratePerSec(b) - ratePerSec(a));
  return byRate.find((run) => run.p99Ms <= targetP99Ms) ?? byRate[0];
}

/** The levels of concurrent clients to run (BENCH_CLIENTS, comma-separated, else `fallback`), capped. */
export function clientLevels(fallback: string, most: number): number[] {
  return (process.env.BENCH_CLIENTS ?? fallback).split(',').map((n) => Math.min(Number(n), most));
}

/**
 * A counter's growth per batch between two readings of a group commit's figures, to one decimal: what
 * one batch held or took on average during the run.
 */
export function perBatch<Key extends string>(
  before: Record<Key | 'batches', number>,
  after: Record<Key | 'batches', number>,
): (key: Key) => number {
  const batches = Math.max(1, after.batches - before.batches);
  return (key) => Math.round(((after[key] - before[key]) / batches) * 10) / 10;
}
