import type { Lifecycle, LoopWorker } from '../../platform/lifecycle.ts';
import { sleep } from '../../platform/lifecycle-workers.ts';
import type { Leases } from '../../platform/units/index.ts';
import {
  ROUND_BATCH_LIMIT,
  shareRoundBatch,
  type RoundSharesDeps,
  type RoundSource,
} from './round-shares.ts';

/** The job's lease in `unit_leases`: one instance shares rounds at a time. */
export const ROUND_SHARES_LEASE = 'job:round-shares';
/** A pass every second keeps the shares a second or two (plus a casino round's quiet period) behind. */
const PASS_EVERY_MS = 1_000;
/** A standby instance asks for the lease this often. */
const STANDBY_MS = 5_000;

/**
 * Every scope of every source once, batch after batch until nothing finished is left (a backlog is
 * caught up in one pass). Answers the results shared.
 */
export async function shareAllRounds(
  deps: RoundSharesDeps,
  sources: readonly RoundSource[],
): Promise<number> {
  let shared = 0;
  for (const source of sources) {
    for (const scope of source.scopes) {
      let read = ROUND_BATCH_LIMIT;
      while (read > 0) {
        read = await shareRoundBatch(deps, source, scope);
        shared += read;
      }
    }
  }
  return shared;
}

/**
 * The sharing job as a lifecycle loop (docs/decisions/0297) on the holder of its lease; a failed pass
 * throws and the lifecycle reruns the loop after its backoff, the batch being retried whole.
 */
export function roundSharesWorker(
  deps: RoundSharesDeps & { leases: Pick<Leases, 'acquire' | 'release'> },
  sources: readonly RoundSource[],
): LoopWorker {
  return {
    name: 'round-shares',
    async run(signal) {
      try {
        while (!signal.aborted) {
          if (!(await deps.leases.acquire(ROUND_SHARES_LEASE))) {
            await sleep(STANDBY_MS, signal);
            continue;
          }
          await shareAllRounds(deps, sources);
          await sleep(PASS_EVERY_MS, signal);
        }
      } finally {
        await deps.leases.release(ROUND_SHARES_LEASE).catch(() => {});
      }
    },
  };
}

/** Registers the job; the server does this, tests run passes by hand. */
export function startRoundShares(
  deps: RoundSharesDeps & {
    leases: Pick<Leases, 'acquire' | 'release'>;
    lifecycle: Pick<Lifecycle, 'register'>;
  },
  sources: readonly RoundSource[],
) {
  return deps.lifecycle.register(roundSharesWorker(deps, sources));
}
