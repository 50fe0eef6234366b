import type { Result } from '../../platform/rejections.ts';
import { deferred, type Deferred } from '../../platform/units/index.ts';

/** The key of a bet in a unit's memory: one clientRef names one bet per player. */
export const refKeyOf = (playerId: string, clientRef: string) => `${playerId} ${clientRef}`;

/** A bet accepted in memory and the answer its batch will give. */
export type PendingRef<Bet, Answer> = { bet: Bet; answer: Promise<Result<Answer>> };

/** What the intake reads and keeps of a game's unit: the round in play and its bets by clientRef. */
type IntakeUnit<Bet, Answer> = {
  round: { id: number } | null;
  refs: ReadonlyMap<string, Bet>;
  pendingRefs: Map<string, PendingRef<Bet, Answer>>;
};

/** One game's part in taking a bet; the intake decides when each runs. */
export type BetIntake<Bet, Answer, Checked> = {
  /** A bet this clientRef already placed, answered for this body: the same bet, or a conflict. */
  replay(bet: Bet): Result<Answer>;
  /** The game's own judgement of the round, the clock and the limits, in its order. */
  check(): Promise<Result<Checked>>;
  /** A bet this clientRef placed that the unit's memory does not hold (an earlier round). */
  findByRef(): Promise<Bet | null>;
  build(checked: Checked): Bet;
  /** Hands the bet to the unit's GroupCommit: answered once its batch has committed. */
  submit(bet: Bet, checked: Checked): Promise<Result<Answer>>;
  /** Counts the bet toward a per-player limit while it is being written. */
  hold?(bet: Bet): void;
  /** The bet stands in the round still in play: kept for replays without a read. */
  remember(bet: Bet): void;
  /** The bet did not come to stand in the round in play: what `hold` counted is given back. */
  release?(bet: Bet): void;
};

/**
 * Takes a bet the way every table game judges one (docs/decisions/0150, 0153): the same clientRef first,
 * so a replay never meets a check the first bet passed; one still being written answers as that one
 * turns out; then the game's checks, and a refusal whose clientRef placed a bet earlier answers that bet.
 * An accepted bet joins the unit's next group commit and is remembered only once that batch has
 * committed, so memory never holds a bet the database may lack.
 */
export async function takeBet<Bet extends { roundId: number }, Answer extends { replayed: boolean }, Checked>(
  unit: IntakeUnit<Bet, Answer>,
  ref: { playerId: string; clientRef: string },
  intake: BetIntake<Bet, Answer, Checked>,
): Promise<Result<Answer> | Deferred<Answer>> {
  const refKey = refKeyOf(ref.playerId, ref.clientRef);
  const known = unit.refs.get(refKey);
  if (known) return intake.replay(known);
  const waiting = unit.pendingRefs.get(refKey);
  if (waiting) {
    return deferred(waiting.answer.then((first) => (first.ok ? intake.replay(waiting.bet) : first)));
  }
  const checked = await intake.check();
  if (!checked.ok) {
    const earlier = await intake.findByRef();
    return earlier ? intake.replay(earlier) : checked;
  }
  const bet = intake.build(checked.value);
  intake.hold?.(bet);
  const answer = intake.submit(bet, checked.value).then((placed) => {
    unit.pendingRefs.delete(refKey);
    if (placed.ok && !placed.value.replayed && unit.round?.id === bet.roundId) intake.remember(bet);
    else intake.release?.(bet);
    return placed;
  });
  unit.pendingRefs.set(refKey, { bet, answer });
  return deferred(answer);
}
