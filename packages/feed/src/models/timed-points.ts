import { normalCdf, samplePoisson, pickWeighted } from '../mathx.ts';
import { toPpm } from '../ppm.ts';
import type { Runner } from '../types.ts';
import {
  byRunner,
  DRAW_RUNNER,
  matchOdds,
  type MatchModel,
  type ModelInput,
  type ModelSink,
} from './model.ts';

/**
 * Clock sports with scoring plays (decision record 0114): per tick each side scores a Poisson
 * number of plays worth points drawn from `playPoints`; chances use a normal approximation of the
 * compound-Poisson score difference over the ticks left.
 */
export interface TimedPointsParams {
  readonly periods: number;
  readonly ticksPerPeriod: number;
  /** Simulated ms per tick (a game minute, an inning's share, a round, a hole). */
  readonly tickMs: number;
  readonly breakMs: number;
  /** Mean scoring plays per side per match, before the strength edge. */
  readonly playsPerSide: number;
  /** Points per play and their chances. */
  readonly playPoints: readonly (readonly [points: number, chance: number])[];
  /** Edge spread in log-rate units. */
  readonly edgeSpread: number;
  readonly hasDraw: boolean;
  readonly periodName: string;
}

export function createTimedPoints(params: TimedPointsParams): (input: ModelInput) => MatchModel {
  const totalTicks = params.periods * params.ticksPerPeriod;
  const meanPoints = params.playPoints.reduce((sum, [points, chance]) => sum + points * chance, 0);
  const squarePoints = params.playPoints.reduce((sum, [points, chance]) => sum + points * points * chance, 0);
  const chances = params.playPoints.map(([, chance]) => chance);

  return ({ fixtureId, competitors, prng }) => {
    const [home, away] = competitors as [Runner, Runner];
    const edge = (prng.next() - 0.5) * 2 * params.edgeSpread;
    const perTick = [Math.exp(edge / 2), Math.exp(-edge / 2)].map(
      (f) => (params.playsPerSide * f) / totalTicks,
    );
    const market = matchOdds(fixtureId, params.hasDraw ? [home, away, DRAW_RUNNER] : [home, away]);
    const scores = [0, 0];
    let tick = 0;
    let done = false;

    const publish = (sink: ModelSink) => {
      const left = totalTicks - tick;
      const mean = scores[0]! - scores[1]! + (perTick[0]! - perTick[1]!) * left * meanPoints;
      const sd = Math.max(0.5, Math.sqrt((perTick[0]! + perTick[1]!) * left * squarePoints));
      const homeWins = 1 - normalCdf((0.5 - mean) / sd);
      const awayWins = normalCdf((-0.5 - mean) / sd);
      const tie = Math.max(0, 1 - homeWins - awayWins);
      const homeOvertime = perTick[0]! / (perTick[0]! + perTick[1]!);
      const ppm = params.hasDraw
        ? toPpm([homeWins, awayWins, tie])
        : toPpm([homeWins + tie * homeOvertime, awayWins + tie * (1 - homeOvertime)]);
      sink.prices({ [market.id]: byRunner(market.runners, ppm) });
    };

    const step = (sink: ModelSink) => {
      let scored = false;
      for (const side of [0, 1]) {
        const plays = samplePoisson(perTick[side]!, prng.next());
        for (let i = 0; i < plays; i++)
          scores[side]! += params.playPoints[pickWeighted(chances, prng.next())]![0];
        scored ||= plays > 0;
      }
      tick += 1;
      const period = Math.min(params.periods, Math.floor((tick - 1) / params.ticksPerPeriod) + 1);
      const summary = `${scores[0]}-${scores[1]} · ${params.periodName} ${period}`;
      const ended = tick === totalTicks;
      sink.score({
        summary,
        values: [...scores],
        period: `${params.periodName} ${period}`,
        lastEvent: ended ? 'FINAL' : scored ? 'SCORE' : '',
      });
      if (!ended) return publish(sink);
      sink.suspend(market.id, 'SCORE');
      sink.result(market.id, { kind: 'WINNER', winnerRunnerId: winnerId() });
      done = true;
    };

    const winnerId = (): string => {
      if (scores[0]! !== scores[1]!) return (scores[0]! > scores[1]! ? home : away).id;
      if (params.hasDraw) return DRAW_RUNNER.id;
      // Overtime, shoot-out or extra holes: decided in proportion to the scoring rates.
      return (prng.next() < perTick[0]! / (perTick[0]! + perTick[1]!) ? home : away).id;
    };

    const offsetOf = (played: number) =>
      (played + 1) * params.tickMs + Math.floor(played / params.ticksPerPeriod) * params.breakMs;

    return {
      markets: [market],
      inPlayAllowed: true,
      preMatch: publish,
      nextStepOffsetMs: () => (done ? null : offsetOf(tick)),
      step,
    };
  };
}
