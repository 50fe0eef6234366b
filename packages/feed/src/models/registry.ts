import type { Sport } from '../types.ts';
import { createCricket } from './cricket.ts';
import { createFootball, ESOCCER, FOOTBALL } from './football.ts';
import type { ModelFactory } from './model.ts';
import { createOutright } from './outright.ts';
import { createRace } from './race.ts';
import { createRaceTo, type RaceToParams } from './race-to.ts';
import { createTennis } from './tennis.ts';
import { createTimedPoints, type TimedPointsParams } from './timed-points.ts';

const MINUTE_MS = 60_000;

type TimedRequired = 'periods' | 'ticksPerPeriod' | 'tickMs' | 'playsPerSide' | 'playPoints';
const timed = (params: Partial<TimedPointsParams> & Pick<TimedPointsParams, TimedRequired>) =>
  createTimedPoints({
    breakMs: 5 * MINUTE_MS,
    edgeSpread: 0.3,
    hasDraw: false,
    periodName: 'Period',
    ...params,
  });

/** First to `unitsToWin` units of `pointsToWin` points (win by two when a unit has points). */
const raceTo = (
  unitsToWin: number,
  pointsToWin: number,
  pointMs: number,
  unitBreakMs: number,
  edgeSpread: number,
  unitName: string,
) => {
  const params: RaceToParams = {
    unitsToWin,
    pointsToWin,
    winByTwo: pointsToWin > 1,
    pointMs,
    unitBreakMs,
    edgeSpread,
    unitName,
  };
  return createRaceTo(params);
};

/**
 * The model behind each sport (decision records 0111-0114). Scoring rates are rounded public
 * averages for the sport; pacing makes a fixture last about as long as the real thing.
 */
export const MODEL_BY_SPORT: Readonly<Record<Sport, ModelFactory>> = {
  cricket: createCricket,
  football: createFootball(FOOTBALL),
  esoccer: createFootball(ESOCCER),
  tennis: createTennis,
  'horse-racing': createRace,
  'greyhound-racing': createRace,
  'motor-sport': createRace,
  politics: createOutright,
  'table-tennis': raceTo(3, 11, 12_000, MINUTE_MS, 0.06, 'Game'),
  badminton: raceTo(2, 21, 20_000, 2 * MINUTE_MS, 0.05, 'Game'),
  volleyball: raceTo(3, 25, 25_000, 3 * MINUTE_MS, 0.04, 'Set'),
  snooker: raceTo(5, 1, 14 * MINUTE_MS, MINUTE_MS, 0.15, 'Frame'),
  darts: raceTo(6, 1, 150_000, 30_000, 0.12, 'Leg'),
  // ~108 points a team from 2s, 3s and free throws; 12-minute quarters at ~2.8 wall minutes each.
  basketball: timed({
    periods: 4,
    ticksPerPeriod: 12,
    tickMs: 170_000,
    playsPerSide: 50,
    playPoints: [
      [2, 0.6],
      [3, 0.28],
      [1, 0.12],
    ],
    edgeSpread: 0.12,
    periodName: 'Q',
  }),
  // ~3 goals a team in three 20-minute periods.
  'ice-hockey': timed({
    periods: 3,
    ticksPerPeriod: 20,
    tickMs: 105_000,
    breakMs: 18 * MINUTE_MS,
    playsPerSide: 3,
    playPoints: [[1, 1]],
  }),
  // ~22 points a team from touchdowns (7), field goals (3) and safeties (2).
  'american-football': timed({
    periods: 4,
    ticksPerPeriod: 15,
    tickMs: 180_000,
    breakMs: 3 * MINUTE_MS,
    playsPerSide: 4.2,
    playPoints: [
      [7, 0.55],
      [3, 0.4],
      [2, 0.05],
    ],
    edgeSpread: 0.35,
    periodName: 'Q',
  }),
  // ~4.5 runs a team over nine innings, in scoring innings of 1-4 runs.
  baseball: timed({
    periods: 9,
    ticksPerPeriod: 1,
    tickMs: 18 * MINUTE_MS,
    breakMs: 2 * MINUTE_MS,
    playsPerSide: 2.8,
    playPoints: [
      [1, 0.6],
      [2, 0.25],
      [3, 0.1],
      [4, 0.05],
    ],
    periodName: 'Inning',
  }),
  // Rounds won on the cards; a level card goes to the better fighter's share.
  boxing: timed({
    periods: 12,
    ticksPerPeriod: 1,
    tickMs: 3 * MINUTE_MS,
    breakMs: MINUTE_MS,
    playsPerSide: 6,
    playPoints: [[1, 1]],
    edgeSpread: 0.6,
    periodName: 'Round',
  }),
  'mixed-martial-arts': timed({
    periods: 3,
    ticksPerPeriod: 1,
    tickMs: 5 * MINUTE_MS,
    breakMs: MINUTE_MS,
    playsPerSide: 1.5,
    playPoints: [[1, 1]],
    edgeSpread: 0.8,
    periodName: 'Round',
  }),
  // Match play over 18 holes: holes won; all square goes to extra holes.
  golf: timed({
    periods: 18,
    ticksPerPeriod: 1,
    tickMs: 13 * MINUTE_MS,
    breakMs: 0,
    playsPerSide: 4,
    playPoints: [[1, 1]],
    edgeSpread: 0.4,
    periodName: 'Hole',
  }),
  // ~22 points a team from tries (4, converted 6), penalties (2) and drop goals (1); draws allowed.
  'rugby-league': timed({
    periods: 2,
    ticksPerPeriod: 40,
    tickMs: MINUTE_MS,
    breakMs: 10 * MINUTE_MS,
    playsPerSide: 4.5,
    playPoints: [
      [6, 0.6],
      [4, 0.25],
      [2, 0.1],
      [1, 0.05],
    ],
    hasDraw: true,
    periodName: 'Half',
  }),
  // ~25 points a team from converted tries (7), tries (5) and penalties (3); draws allowed.
  'rugby-union': timed({
    periods: 2,
    ticksPerPeriod: 40,
    tickMs: MINUTE_MS,
    breakMs: 15 * MINUTE_MS,
    playsPerSide: 4.9,
    playPoints: [
      [7, 0.45],
      [5, 0.15],
      [3, 0.4],
    ],
    hasDraw: true,
    periodName: 'Half',
  }),
};
