import { toPpm } from '../ppm.ts';
import type { Runner } from '../types.ts';
import { byRunner, matchOdds, type MatchModel, type ModelInput, type ModelSink } from './model.ts';

/**
 * Horse and greyhound races (decision record 0114): each runner has a hidden strength; a runner's
 * performance is strength plus Gumbel noise, so win chances are exactly the softmax of strengths
 * (the Plackett-Luce model) and the finishing order is the sorted performance. No in-play: the
 * market suspends at the off and settles when the race is run.
 */
export const RACE_DURATION_MS: Readonly<Record<string, number>> = {
  'horse-racing': 120_000,
  'greyhound-racing': 30_000,
  'motor-sport': 5_400_000,
};
const STRENGTH_SPREAD = 1.6;

export function createRace({ fixtureId, sport, competitors, prng }: ModelInput): MatchModel {
  const market = { ...matchOdds(fixtureId, competitors), name: 'Win' };
  const strengths = competitors.map(() => (prng.next() - 0.5) * 2 * STRENGTH_SPREAD);
  const winChances = softmax(strengths);
  const raceMs = RACE_DURATION_MS[sport] ?? 120_000;
  let stage: 'PRE' | 'RUNNING' | 'DONE' = 'PRE';

  const publish = (sink: ModelSink) =>
    sink.prices({ [market.id]: byRunner(market.runners, toPpm(winChances)) });

  const step = (sink: ModelSink) => {
    if (stage === 'PRE') {
      sink.suspend(market.id, 'OFF');
      sink.score({ summary: 'Off', values: [], period: 'Running', lastEvent: 'OFF' });
      stage = 'RUNNING';
      return;
    }
    const performance = strengths.map((strength) => strength + gumbel(prng.next()));
    const order = competitors
      .map((runner, index) => ({ runner, score: performance[index]! }))
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.runner);
    const placings = order.map((runner: Runner) => runner.id);
    sink.score({ summary: `1st ${order[0]!.name}`, values: [], period: 'Result', lastEvent: 'FINISH' });
    sink.result(market.id, { kind: 'WINNER', winnerRunnerId: placings[0]!, placings });
    stage = 'DONE';
  };

  return {
    markets: [market],
    inPlayAllowed: false,
    preMatch: publish,
    nextStepOffsetMs: () => (stage === 'PRE' ? 0 : stage === 'RUNNING' ? raceMs : null),
    step,
  };
}

export function softmax(values: readonly number[]): number[] {
  const top = Math.max(...values);
  const weights = values.map((value) => Math.exp(value - top));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

/** Standard Gumbel draw by inversion; the uniform is nudged off 0 so the log stays finite. */
function gumbel(uniform: number): number {
  return -Math.log(-Math.log(Math.min(1 - 1e-12, Math.max(1e-12, uniform))));
}
