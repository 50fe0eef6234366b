import { clamp } from '../mathx.ts';

/**
 * Per-delivery outcome model for T20 (decision record 0111). Legal-ball outcomes: dot, 1, 2, 3, 4,
 * 6, wicket; separately a wide/no-ball (1 run, not a legal ball). Base rates follow published T20
 * aggregates: ~8 runs per over, ~37% dot balls, ~6.5 wickets per innings, ~0.5 sixes per over.
 */
export const OUTCOMES = ['0', '1', '2', '3', '4', '6', 'W'] as const;
export type BallOutcome = (typeof OUTCOMES)[number];
export const RUNS_OF: Readonly<Record<BallOutcome, number>> = {
  '0': 0,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '6': 6,
  W: 0,
};

export const BALLS_PER_INNINGS = 120;
export const WICKETS = 10;
/** Probability that a delivery is a wide or no-ball (one run, re-bowled). */
export const EXTRA_PER_DELIVERY = 0.035;

const BASE = { one: 0.36, two: 0.07, three: 0.005, four: 0.11, six: 0.05, wicket: 0.052 };
type Phase = { one: number; four: number; six: number; wicket: number };
const POWERPLAY: Phase = { one: 0.95, four: 1.2, six: 0.8, wicket: 0.85 };
const MIDDLE: Phase = { one: 1.1, four: 0.8, six: 0.9, wicket: 0.9 };
const DEATH: Phase = { one: 1.0, four: 1.15, six: 1.7, wicket: 1.5 };

/** Probabilities in OUTCOMES order for the legal ball `ballIndex` (0..119); `strength` ~ -0.2..0.2. */
export function outcomeProbabilities(ballIndex: number, strength: number): number[] {
  const over = Math.floor(ballIndex / 6);
  const phase = over < 6 ? POWERPLAY : over < 15 ? MIDDLE : DEATH;
  const edge = clamp(strength, -0.3, 0.3);
  const one = BASE.one * phase.one;
  const four = BASE.four * phase.four * (1 + edge);
  const six = BASE.six * phase.six * (1 + 1.5 * edge);
  const wicket = BASE.wicket * phase.wicket * (1 - edge);
  const dot = 1 - one - BASE.two - BASE.three - four - six - wicket;
  return [dot, one, BASE.two, BASE.three, four, six, wicket];
}

/** Expected runs and second moment of a legal ball plus the extras bowled before it. */
function ballMoments(ballIndex: number, strength: number): { mean: number; square: number } {
  const probabilities = outcomeProbabilities(ballIndex, strength);
  let mean = 0;
  let square = 0;
  OUTCOMES.forEach((outcome, i) => {
    mean += probabilities[i]! * RUNS_OF[outcome];
    square += probabilities[i]! * RUNS_OF[outcome] ** 2;
  });
  const extrasMean = EXTRA_PER_DELIVERY / (1 - EXTRA_PER_DELIVERY);
  return { mean: mean + extrasMean, square: square + extrasMean * (1 + 2 * mean) };
}

/**
 * Mean and variance of the runs still to come, by legal balls bowled and wickets down, from an
 * exact backward recursion over the model (the innings ends at 120 balls or 10 wickets).
 * 121 x 11 states, computed once per batting strength.
 */
export class InningsTable {
  private readonly mean = new Float64Array((BALLS_PER_INNINGS + 1) * (WICKETS + 1));
  private readonly square = new Float64Array((BALLS_PER_INNINGS + 1) * (WICKETS + 1));
  /** Per-ball mean and variance ignoring wickets, for short-horizon lines. */
  readonly ballMean: Float64Array = new Float64Array(BALLS_PER_INNINGS);
  readonly ballVariance: Float64Array = new Float64Array(BALLS_PER_INNINGS);
  private readonly rows: number[][] = [];

  constructor(readonly strength: number) {
    for (let ball = BALLS_PER_INNINGS - 1; ball >= 0; ball--) {
      const probabilities = outcomeProbabilities(ball, strength);
      this.rows[ball] = probabilities;
      const moments = ballMoments(ball, strength);
      this.ballMean[ball] = moments.mean;
      this.ballVariance[ball] = moments.square - moments.mean ** 2;
      const extras = moments.mean - sumRuns(probabilities);
      for (let down = 0; down < WICKETS; down++) this.fill(ball, down, probabilities, extras);
    }
  }

  private fill(ball: number, down: number, probabilities: number[], extras: number): void {
    let mean = extras;
    let square = extras;
    OUTCOMES.forEach((outcome, i) => {
      const nextDown = outcome === 'W' ? down + 1 : down;
      const runs = RUNS_OF[outcome];
      const laterMean = this.mean[this.at(ball + 1, nextDown)]!;
      const laterSquare = this.square[this.at(ball + 1, nextDown)]!;
      mean += probabilities[i]! * (runs + laterMean);
      square += probabilities[i]! * (runs * runs + 2 * runs * laterMean + laterSquare);
    });
    // Extras are small and roughly independent: add their mean cross-term to the second moment.
    square += 2 * extras * (mean - extras);
    this.mean[this.at(ball, down)] = mean;
    this.square[this.at(ball, down)] = square;
  }

  private at(ball: number, down: number): number {
    return ball * (WICKETS + 1) + down;
  }

  /** Remaining runs from (balls bowled, wickets down): mean and variance. */
  remaining(ballsBowled: number, wicketsDown: number): { mean: number; variance: number } {
    if (ballsBowled >= BALLS_PER_INNINGS || wicketsDown >= WICKETS) return { mean: 0, variance: 0 };
    const index = this.at(ballsBowled, wicketsDown);
    const mean = this.mean[index]!;
    return { mean, variance: Math.max(0, this.square[index]! - mean * mean) };
  }

  /** Runs over legal balls [fromBall, toBall) ignoring the chance of the innings ending early. */
  window(fromBall: number, toBall: number): { mean: number; variance: number } {
    let mean = 0;
    let variance = 0;
    for (let ball = fromBall; ball < toBall; ball++) {
      mean += this.ballMean[ball]!;
      variance += this.ballVariance[ball]!;
    }
    return { mean, variance };
  }

  /** Outcome probabilities (OUTCOMES order) for legal ball `ball`. */
  outcomeRow(ball: number): readonly number[] {
    return this.rows[ball]!;
  }

  /** Probability that the runs of one legal ball (with extras) are odd, for odd/even lines. */
  oddRunProbability(ball: number): number {
    const probabilities = this.rows[ball]!;
    return probabilities[1]! + probabilities[3]! + EXTRA_PER_DELIVERY * 0.5;
  }
}

function sumRuns(probabilities: number[]): number {
  return OUTCOMES.reduce((total, outcome, i) => total + probabilities[i]! * RUNS_OF[outcome], 0);
}
