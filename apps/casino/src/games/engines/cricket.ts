import { predictionEngine, type PredictionEvent, type PredictionModel } from './prediction.ts';

/** `balls: 1` calls the next ball; `balls: 6` calls a whole over. */
export type CricketConfig = { readonly balls: 1 | 6 };

/**
 * One delivery, per 100 balls: about 1.4 runs a ball (8.3 an over) and a wicket every 20 balls, close
 * to a T20 middle over. A wicket scores nothing; there are no extras, so an over is always six balls.
 */
export const BALLS: readonly (PredictionEvent & { readonly runs: number })[] = [
  { id: 'dot', label: 'Dot ball', weight: 36, runs: 0 },
  { id: 'one', label: '1 run', weight: 30, runs: 1 },
  { id: 'two', label: '2 runs', weight: 9, runs: 2 },
  { id: 'three', label: '3 runs', weight: 2, runs: 3 },
  { id: 'four', label: 'Four', weight: 12, runs: 4 },
  { id: 'six', label: 'Six', weight: 6, runs: 6 },
  { id: 'wicket', label: 'Wicket', weight: 5, runs: 0 },
];

const RUNS = new Map(BALLS.map((ball) => [ball.id, ball.runs]));
export const runsOf = (balls: readonly string[]) => balls.reduce((sum, id) => sum + (RUNS.get(id) ?? 0), 0);
export const wicketsOf = (balls: readonly string[]) => balls.filter((id) => id === 'wicket').length;

const runsBetween = (id: string, label: string, from: number, to: number) => ({
  id,
  label,
  group: 'Runs in the over',
  wins: (balls: readonly string[]) => runsOf(balls) >= from && runsOf(balls) <= to,
});

const NEXT_BALL: PredictionModel = {
  key: 'cricket:1',
  events: BALLS,
  steps: 1,
  markets: [
    ...BALLS.map((ball) => ({
      id: ball.id,
      label: ball.label,
      group: 'Next ball',
      wins: (balls: readonly string[]) => balls[0] === ball.id,
    })),
    {
      id: 'boundary',
      label: 'Boundary (4 or 6)',
      group: 'Next ball',
      wins: (balls) => balls[0] === 'four' || balls[0] === 'six',
    },
  ],
};

const OVER: PredictionModel = {
  key: 'cricket:6',
  events: BALLS,
  steps: 6,
  markets: [
    { ...runsBetween('under-7.5', 'Under 7.5', 0, 7), group: 'Runs line 7.5' },
    { ...runsBetween('over-7.5', 'Over 7.5', 8, 36), group: 'Runs line 7.5' },
    runsBetween('runs-0-5', '0–5', 0, 5),
    runsBetween('runs-6-9', '6–9', 6, 9),
    runsBetween('runs-10-13', '10–13', 10, 13),
    runsBetween('runs-14-plus', '14+', 14, 36),
    { id: 'wicket', label: 'Wicket in the over', group: 'Specials', wins: (balls) => wicketsOf(balls) > 0 },
    { id: 'maiden', label: 'Maiden over', group: 'Specials', wins: (balls) => runsOf(balls) === 0 },
  ],
};

export const cricketModel = (config: CricketConfig): PredictionModel =>
  config.balls === 1 ? NEXT_BALL : OVER;

/** Cricket Over and Next Ball: call the over's runs or the next delivery; 97 % over the exact chance. */
export const cricketEngine = predictionEngine(cricketModel);
