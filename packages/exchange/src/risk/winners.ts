/**
 * The worst outcome of a runner market that pays `winners` runners (a place market pays several). A
 * position is read runner by runner: `loseMinor[r]`, its P&L on r if r loses, and `winGainMinor[r]`, what
 * r winning adds to that. Every set of exactly `winners` runners then pays Σ lose + the gains of its
 * members, so the worst set is the one holding the smallest gains: no enumeration of the sets is needed.
 */
export interface RunnerOutcomes {
  readonly loseMinor: readonly bigint[];
  readonly winGainMinor: readonly bigint[];
}

/** How many runners win: the market's count (1 unless it says more), never more than it has runners. */
export function winnerCountOf(numberOfWinners: number, runnerCount: number): number {
  const paid = Number.isInteger(numberOfWinners) && numberOfWinners > 1 ? numberOfWinners : 1;
  return Math.min(paid, Math.max(runnerCount, 1));
}

/** P&L when runner i alone wins, for each i: the one-winner view of a position. */
export function pnlIfEachWinsMinor(outcomes: RunnerOutcomes): bigint[] {
  const loseTotalMinor = sumMinor(outcomes.loseMinor);
  return outcomes.winGainMinor.map((gainMinor) => loseTotalMinor + gainMinor);
}

/** The worst P&L over every set of exactly `winners` runners. */
export function worstPnlMinor(outcomes: RunnerOutcomes, winners: number): bigint {
  return sumMinor(outcomes.loseMinor) + sumOfSmallestMinor(outcomes.winGainMinor, winners, -1);
}

/** Exposure: the worst loss over every set of `winners` runners (zero if none loses). */
export function exposureOfOutcomes(outcomes: RunnerOutcomes, winners: number): bigint {
  const worst = worstPnlMinor(outcomes, winners);
  return worst < 0n ? -worst : 0n;
}

/** The worst P&L over the sets of `winners` runners that include `runner`. */
export function worstPnlWithWinnerMinor(outcomes: RunnerOutcomes, winners: number, runner: number): bigint {
  const others = sumOfSmallestMinor(outcomes.winGainMinor, winners - 1, runner);
  return sumMinor(outcomes.loseMinor) + (outcomes.winGainMinor[runner] ?? 0n) + others;
}

/** The worst P&L over the sets of `winners` runners that leave `runner` out; null: every set holds it. */
export function worstPnlWithoutWinnerMinor(
  outcomes: RunnerOutcomes,
  winners: number,
  runner: number,
): bigint | null {
  if (outcomes.winGainMinor.length - 1 < winners) return null;
  return sumMinor(outcomes.loseMinor) + sumOfSmallestMinor(outcomes.winGainMinor, winners, runner);
}

function sumMinor(values: readonly bigint[]): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

/**
 * Σ of the `count` smallest values, skipping index `skip`: O(n·count), kept sorted in a buffer of
 * `count`. One winner, the usual case, is a plain minimum with nothing allocated.
 */
function sumOfSmallestMinor(values: readonly bigint[], count: number, skip: number): bigint {
  if (count <= 0) return 0n;
  if (count === 1) {
    let smallest: bigint | null = null;
    for (let index = 0; index < values.length; index++) {
      if (index !== skip && (smallest === null || values[index]! < smallest)) smallest = values[index]!;
    }
    return smallest ?? 0n;
  }
  const smallest: bigint[] = [];
  for (let index = 0; index < values.length; index++) {
    if (index === skip) continue;
    const value = values[index]!;
    if (smallest.length === count && value >= smallest[count - 1]!) continue;
    let at = smallest.length === count ? count - 1 : smallest.length;
    while (at > 0 && smallest[at - 1]! > value) {
      smallest[at] = smallest[at - 1]!;
      at--;
    }
    smallest[at] = value;
  }
  return sumMinor(smallest);
}
