import { toPpm } from '../ppm.ts';
import type { Runner } from '../types.ts';
import { byRunner, matchOdds, type MatchModel, type ModelInput, type ModelSink } from './model.ts';

/**
 * "First to N units" sports (sets, games, frames, legs), each unit a race of points to a target,
 * won by two when `winByTwo` (decision record 0114). Chances are exact for a constant point chance.
 */
export interface RaceToParams {
  readonly unitsToWin: number;
  /** Points to win a unit; 1 when a unit (a frame, a leg) is played as a single step. */
  readonly pointsToWin: number;
  readonly winByTwo: boolean;
  readonly pointMs: number;
  readonly unitBreakMs: number;
  /** Half-width of the home side's point-win chance around 0.5. */
  readonly edgeSpread: number;
  readonly unitName: string;
}

/** P(reaching `need` first) from needs a, b with chance p per point, no win-by-two. */
export function raceChance(needA: number, needB: number, p: number): number {
  if (needA <= 0) return 1;
  if (needB <= 0) return 0;
  let chance = 0;
  let term = p ** needA; // k = 0: A wins the next needA points
  for (let k = 0; k < needB; k++) {
    chance += term;
    term *= ((needA + k) / (k + 1)) * (1 - p);
  }
  return chance;
}

/** P(A wins the unit) from points a, b; with win-by-two, via the chance of reaching deuce. */
export function unitChance(a: number, b: number, target: number, winByTwo: boolean, p: number): number {
  if (!winByTwo) return raceChance(target - a, target - b, p);
  const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
  if (a >= target - 1 && b >= target - 1) {
    if (a - b >= 2) return 1;
    if (b - a >= 2) return 0;
    return a === b ? deuce : a > b ? p + (1 - p) * deuce : p * deuce;
  }
  const toDeuceA = target - 1 - a;
  const toDeuceB = target - 1 - b;
  let paths = 1; // C(toDeuceA + toDeuceB, toDeuceA)
  for (let i = 1; i <= toDeuceB; i++) paths = (paths * (toDeuceA + i)) / i;
  const reachDeuce = paths * p ** toDeuceA * (1 - p) ** toDeuceB;
  return raceChance(target - a, toDeuceB, p) + reachDeuce * deuce;
}

export function createRaceTo(params: RaceToParams): (input: ModelInput) => MatchModel {
  return ({ fixtureId, competitors, prng }) => {
    const [home, away] = competitors as [Runner, Runner];
    const p = 0.5 + (prng.next() - 0.5) * 2 * params.edgeSpread;
    const freshUnit = unitChance(0, 0, params.pointsToWin, params.winByTwo, p);
    const market = matchOdds(fixtureId, [home, away]);
    const units = [0, 0];
    const points = [0, 0];
    const unitScores: string[] = [];
    let elapsedMs = params.pointMs;
    let done = false;

    const publish = (sink: ModelSink) => {
      const current = unitChance(points[0]!, points[1]!, params.pointsToWin, params.winByTwo, p);
      const need = (side: number, extra: number) => params.unitsToWin - units[side]! - extra;
      const a =
        current * raceChance(need(0, 1), need(1, 0), freshUnit) +
        (1 - current) * raceChance(need(0, 0), need(1, 1), freshUnit);
      sink.prices({ [market.id]: byRunner(market.runners, toPpm([a, 1 - a])) });
    };

    const step = (sink: ModelSink) => {
      const winner = prng.next() < p ? 0 : 1;
      points[winner]! += 1;
      const lead = points[winner]! - points[1 - winner]!;
      const unitWon = points[winner]! >= params.pointsToWin && (!params.winByTwo || lead >= 2);
      elapsedMs += params.pointMs;
      if (unitWon) {
        units[winner]! += 1;
        if (params.pointsToWin > 1) unitScores.push(`${points[0]}-${points[1]}`);
        points[0] = points[1] = 0;
        elapsedMs += params.unitBreakMs;
      }
      const unitText =
        params.pointsToWin > 1 ? ` (${[...unitScores, `${points[0]}-${points[1]}`].join(' ')})` : '';
      const period = `${params.unitName} ${Math.min(units[0]! + units[1]! + 1, 2 * params.unitsToWin - 1)}`;
      const won = units[winner] === params.unitsToWin;
      sink.score({
        summary: `${units[0]}-${units[1]}${unitText}`,
        values: [...units],
        period,
        lastEvent: won ? 'MATCH' : unitWon ? params.unitName.toUpperCase() : '',
      });
      if (!won) return publish(sink);
      sink.suspend(market.id, 'SCORE');
      sink.result(market.id, { kind: 'WINNER', winnerRunnerId: (winner === 0 ? home : away).id });
      done = true;
    };

    return {
      markets: [market],
      inPlayAllowed: true,
      preMatch: publish,
      nextStepOffsetMs: () => (done ? null : elapsedMs),
      step,
    };
  };
}
