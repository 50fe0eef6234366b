import type { MatchModel, ModelFactory, ModelSink } from '../models/model.ts';
import { createPrng } from '../prng.ts';
import type { FeedEvent, Runner, Sport } from '../types.ts';

export type Recorded = FeedEvent & { readonly offsetMs: number };

/** A sink that records what a model emits, stamped with the step's offset from the start. */
export function recordingSink(fixtureId: string, log: Recorded[], offsetMs: () => number): ModelSink {
  const base = () => ({ atMs: offsetMs(), offsetMs: offsetMs(), fixtureId });
  return {
    score: (score) => log.push({ ...base(), type: 'SCORE', score }),
    prices: (prices) => log.push({ ...base(), type: 'FAIR_PRICES', prices }),
    line: (marketId, line, probabilitiesPpm, rangeRuns) =>
      log.push({
        ...base(),
        type: 'LINE',
        marketId,
        line,
        probabilitiesPpm,
        ...(rangeRuns === undefined ? {} : { rangeRuns }),
      }),
    suspend: (marketId, reason) => log.push({ ...base(), type: 'SUSPEND', marketId, reason }),
    resume: (marketId) => log.push({ ...base(), type: 'RESUME', marketId }),
    result: (marketId, outcome) => log.push({ ...base(), type: 'RESULT', marketId, outcome }),
  };
}

export const TWO_SIDES: readonly Runner[] = [
  { id: 'home', name: 'Home' },
  { id: 'away', name: 'Away' },
];

/** Runs one model from pre-match to its last step and returns everything it emitted. */
export function playOut(
  factory: ModelFactory,
  seed: string,
  sport: Sport = 'football',
  competitors: readonly Runner[] = TWO_SIDES,
): { model: MatchModel; events: Recorded[] } {
  const model = factory({ fixtureId: 'f', sport, competitors, prng: createPrng(seed) });
  const events: Recorded[] = [];
  let offsetMs = 0;
  const sink = recordingSink('f', events, () => offsetMs);
  model.preMatch(sink);
  for (let next = model.nextStepOffsetMs(); next !== null; next = model.nextStepOffsetMs()) {
    if (next < offsetMs) throw new Error(`step offsets went backwards: ${next} < ${offsetMs}`);
    offsetMs = next;
    model.step(sink);
  }
  return { model, events };
}

export function ofType<T extends FeedEvent['type']>(events: readonly Recorded[], type: T) {
  return events.filter((event): event is Extract<Recorded, { type: T }> => event.type === type);
}

export function lastScore(events: readonly Recorded[]) {
  const scores = ofType(events, 'SCORE');
  return scores[scores.length - 1]!.score;
}

export function sumOf(ppm: Readonly<Record<string, number>>): number {
  return Object.values(ppm).reduce((sum, value) => sum + value, 0);
}
