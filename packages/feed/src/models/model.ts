import type { Prng } from '../prng.ts';
import type { MarketDef, MarketOutcome, Runner, RunnerPpm, Score, Sport, SuspendReason } from '../types.ts';

/** Where a model writes what happened in one step; the simulator stamps time and fixture id. */
export interface ModelSink {
  score(score: Score): void;
  prices(prices: Record<string, RunnerPpm>): void;
  line(marketId: string, line: number, probabilitiesPpm: RunnerPpm, rangeRuns?: number): void;
  suspend(marketId: string, reason: SuspendReason): void;
  resume(marketId: string): void;
  result(marketId: string, outcome: MarketOutcome): void;
}

/**
 * One fixture's model. Time inside a model is simulated milliseconds since the scheduled start;
 * `nextStepOffsetMs` tells the simulator when to call `step` next (null once every market is settled).
 */
export interface MatchModel {
  readonly markets: readonly MarketDef[];
  readonly inPlayAllowed: boolean;
  /** Prices (and lines) before the start. */
  preMatch(sink: ModelSink): void;
  nextStepOffsetMs(): number | null;
  step(sink: ModelSink): void;
}

export interface ModelInput {
  readonly fixtureId: string;
  readonly sport: Sport;
  /** Competitors: two sides (home first) or a race field. */
  readonly competitors: readonly Runner[];
  readonly prng: Prng;
}

export type ModelFactory = (input: ModelInput) => MatchModel;

export const DRAW_RUNNER: Runner = { id: 'draw', name: 'The Draw' };
export const YES_NO: readonly Runner[] = [
  { id: 'yes', name: 'Yes' },
  { id: 'no', name: 'No' },
];

/**
 * `<fixture id>.<kind>`: a dot is legal unencoded in a URL path segment, so `/api/markets/:id` works as
 * written (docs/decisions/0226). Neither fixture ids nor kinds contain a dot, so ids stay unique; markets
 * stored before carry a slash instead and keep it.
 */
export function marketId(fixtureId: string, suffix: string): string {
  return `${fixtureId}.${suffix}`;
}

export function matchOdds(fixtureId: string, runners: readonly Runner[]): MarketDef {
  return {
    id: marketId(fixtureId, 'match-odds'),
    type: 'MATCH_ODDS',
    name: 'Match Odds',
    pricing: 'EXCHANGE',
    runners,
    settlesOnValue: false,
  };
}

/** Runner probabilities (already ppm) keyed by the market's runner ids. */
export function byRunner(runners: readonly Runner[], ppm: readonly number[]): RunnerPpm {
  const entries: Record<string, number> = {};
  runners.forEach((runner, index) => (entries[runner.id] = ppm[index]!));
  return entries;
}
