import type { Database } from '../../db/database.ts';
import type { AdmissionGate } from '../admission/index.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { deferred, type Deferred } from '../../platform/units/index.ts';
import type { Effects } from './effects.ts';
import { exchangeUnavailable } from './errors.ts';
import type { GroupCommitter } from './group-commit.ts';

/** What the market commands share: the database, the admission gate, the group commit and the clock. */
export type ExchangeContext = {
  db: Database;
  admission: AdmissionGate;
  committer: GroupCommitter;
  nowMs: () => number;
  maker: MakerOptions;
};

export type MakerOptions = {
  accountId: string;
  /** Largest exposure the market maker takes on one market. */
  maxExposureMinor: bigint;
  /** Backer's stakes of the three levels on each side, best first. */
  levelSizesMinor: readonly bigint[];
  /** The most a single lay quote may risk. */
  maxLayLiabilityMinor: bigint;
};

/**
 * Hands a command's effects to the group commit and answers once they are durable. The answer is
 * built now, so that it shows the bet as this command left it.
 */
export function commit<T>(ctx: ExchangeContext, effects: Effects, answer: T): Deferred<T> | Result<T> {
  if (effects.isEmpty) return ok(answer);
  for (const [playerId, deltaMinor] of effects.reserved) ctx.admission.funds.reserve(playerId, deltaMinor);
  return deferred(ctx.committer.submit(effects).then((done) => (done ? ok(answer) : exchangeUnavailable())));
}
