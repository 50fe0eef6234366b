import { normalCdf } from '../mathx.ts';
import { BALLS_PER_INNINGS, type InningsTable } from './cricket-ball.ts';

export interface InningsState {
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
}

export interface MatchChances {
  /** Side batting first wins after 20 overs each. */
  readonly first: number;
  /** Side batting second wins. */
  readonly second: number;
  /** Scores level: decided by a super over for MATCH_ODDS, a win for TIED_MATCH Yes. */
  readonly tie: number;
}

const MIN_SD_RUNS = 0.5;

/** Normal approximation of P(X >= k) and P(X == k) for an integer runs total with mean/variance. */
function atLeast(k: number, mean: number, variance: number): { atLeast: number; exactly: number } {
  const sd = Math.max(MIN_SD_RUNS, Math.sqrt(variance));
  const upper = 1 - normalCdf((k - 0.5 - mean) / sd);
  const exactly = normalCdf((k + 0.5 - mean) / sd) - normalCdf((k - 0.5 - mean) / sd);
  return { atLeast: upper, exactly };
}

/**
 * Match chances from the innings tables (decision record 0111): during the first innings both
 * totals are normal and independent; during the chase only the runs still to come are uncertain.
 */
export function matchChances(
  innings: 0 | 1,
  first: InningsState,
  second: InningsState,
  firstTable: InningsTable,
  secondTable: InningsTable,
): MatchChances {
  if (innings === 0) {
    const rest = firstTable.remaining(first.balls, first.wickets);
    const chase = secondTable.remaining(0, 0);
    const meanDiff = chase.mean - (first.runs + rest.mean);
    const sd = Math.max(MIN_SD_RUNS, Math.sqrt(rest.variance + chase.variance));
    const secondWins = 1 - normalCdf((0.5 - meanDiff) / sd);
    const firstWins = normalCdf((-0.5 - meanDiff) / sd);
    return { first: firstWins, second: secondWins, tie: Math.max(0, 1 - firstWins - secondWins) };
  }
  const needed = first.runs + 1 - second.runs;
  if (needed <= 0) return { first: 0, second: 1, tie: 0 };
  const over = second.balls >= BALLS_PER_INNINGS || second.wickets >= 10;
  if (over) return needed === 1 ? { first: 0, second: 0, tie: 1 } : { first: 1, second: 0, tie: 0 };
  const rest = secondTable.remaining(second.balls, second.wickets);
  const win = atLeast(needed, rest.mean, rest.variance);
  const tie = atLeast(needed - 1, rest.mean, rest.variance).exactly;
  return { first: Math.max(0, 1 - win.atLeast - tie), second: win.atLeast, tie };
}

/** Distribution summary of an innings' runs at the end of over `overs` (or the innings' end). */
export function runsAtOver(
  state: InningsState,
  overs: number,
  table: InningsTable,
): { mean: number; variance: number } {
  const endBall = overs * 6;
  if (overs * 6 >= BALLS_PER_INNINGS) {
    const rest = table.remaining(state.balls, state.wickets);
    return { mean: state.runs + rest.mean, variance: rest.variance };
  }
  const window = table.window(Math.min(state.balls, endBall), endBall);
  // Each wicket in hand lost trims scoring a little; the window sum ignores the innings ending early.
  const wicketDrag = 1 - 0.02 * state.wickets;
  return { mean: state.runs + window.mean * wicketDrag, variance: window.variance };
}

/** P(runs scored over the given legal balls are odd), from the per-ball odd chance. */
export function oddChance(state: InningsState, overs: number, table: InningsTable): number {
  let evenBias = 1;
  for (let ball = state.balls; ball < overs * 6; ball++) evenBias *= 1 - 2 * table.oddRunProbability(ball);
  const futureOdd = (1 - evenBias) / 2;
  return state.runs % 2 === 1 ? 1 - futureOdd : futureOdd;
}

export function yesChance(line: number, mean: number, variance: number): number {
  return atLeast(line, mean, variance).atLeast;
}

export function inRangeChance(line: number, rangeRuns: number, mean: number, variance: number): number {
  return yesChance(line, mean, variance) - yesChance(line + rangeRuns, mean, variance);
}
