/** A whole share in basis points (100 %). */
export const WHOLE_SHARE_BP = 10_000;

export type ShareSplit = {
  /** Each agent's part, direct agent first, positive when the player lost. */
  readonly agents: readonly bigint[];
  /** What is left to the house: the rest of −result, remainders of a minor unit included. */
  readonly house: bigint;
};

/**
 * Splits a player's result (minor units, positive when the player won) along its agent chain
 * (docs/decisions/0291): with shares s₁ ≤ … ≤ sₖ in basis points, direct agent first, agent 1 takes
 * −R·s₁, agent i takes −R·(sᵢ − sᵢ₋₁), each rounded toward zero, and the house the rest, so the parts
 * add up to −R exactly. A share below the one before it (never set so, but history may say it) adds
 * nothing; one above the whole counts as the whole.
 */
export function splitResult(resultMinor: bigint, sharesBp: readonly number[]): ShareSplit {
  const agents: bigint[] = [];
  let below = 0;
  let taken = 0n;
  for (const share of sharesBp) {
    const capped = Math.min(Math.max(share, below), WHOLE_SHARE_BP);
    const part = (-resultMinor * BigInt(capped - below)) / BigInt(WHOLE_SHARE_BP);
    agents.push(part);
    taken += part;
    below = capped;
  }
  return { agents, house: -resultMinor - taken };
}
