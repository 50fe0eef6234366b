import type { Database } from '../../db/database.ts';
import type { AdmissionGate } from '../admission/index.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { deferred, type Deferred } from '../../platform/units/index.ts';
import type { Effects } from './effects.ts';
import { clientRefRecheck, exchangeUnavailable, isClientRefConflict } from './errors.ts';
import type { CommitOutcome, GroupCommitter } from './group-commit.ts';

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
  /** Quoting a market mirrored from a source instead (docs/decisions/0271). */
  mirror: MirrorOptions;
};

export type MirrorOptions = {
  /** Ladder ticks between the source's price and the house's, to the player's cost. */
  ticks: number;
  /** The share of the source's size the house offers, in basis points (10 % = 1000). */
  sizeBasisPoints: bigint;
  /** The house's largest liability on one market unless the operator sets the market's own. */
  liabilityCapMinor: bigint;
};

/**
 * Hands a command's effects to the group commit and answers once they are durable. The answer is
 * built now, so that it shows the bet as this command left it; `afterCommit` may add to it what the
 * commit taught the funds (learned after `learnedBefore`). A new bet's batch that rolled back on a
 * clientRef used on another market answers it CLIENT_REF_RECHECK, for its sender to place it again.
 */
export function commit<T>(
  ctx: ExchangeContext,
  effects: Effects,
  answer: T,
  afterCommit?: (answer: T, learnedBefore: number) => T,
  newBet = false,
): Deferred<T> | Result<T> {
  if (effects.isEmpty) return ok(answer);
  const { funds } = ctx.admission;
  for (const [playerId, deltaMinor] of effects.reserved) funds.reserve(playerId, deltaMinor);
  const learnedBefore = funds.learned;
  const committed = (outcome: CommitOutcome): Result<T> => {
    if (outcome.committed) return ok(afterCommit ? afterCommit(answer, learnedBefore) : answer);
    return newBet && isClientRefConflict(outcome.error) ? clientRefRecheck() : exchangeUnavailable();
  };
  return deferred(ctx.committer.submit(effects).then(committed));
}
