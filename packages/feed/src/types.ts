/** The odds-feed adapter contract. The built-in simulator implements it; a paid feed can too. */

export const SPORTS = [
  'cricket',
  'football',
  'tennis',
  'horse-racing',
  'greyhound-racing',
  'politics',
  'table-tennis',
  'badminton',
  'esoccer',
  'basketball',
  'volleyball',
  'snooker',
  'ice-hockey',
  'american-football',
  'baseball',
  'boxing',
  'darts',
  'golf',
  'mixed-martial-arts',
  'motor-sport',
  'rugby-league',
  'rugby-union',
] as const;
export type Sport = (typeof SPORTS)[number];

/** Exchange markets are traded peer to peer; house markets are priced by the operator. */
export type MarketType = 'MATCH_ODDS' | 'TIED_MATCH' | 'BOOKMAKER' | 'FANCY' | 'ODD_EVEN' | 'KHADO';
export type MarketPricing = 'EXCHANGE' | 'HOUSE';

export interface Runner {
  readonly id: string;
  readonly name: string;
}

export interface MarketDef {
  readonly id: string;
  readonly type: MarketType;
  readonly name: string;
  readonly pricing: MarketPricing;
  readonly runners: readonly Runner[];
  /** Line markets (FANCY, ODD_EVEN, KHADO) settle on a final value instead of a winning runner. */
  readonly settlesOnValue: boolean;
}

export interface Fixture {
  readonly id: string;
  readonly sport: Sport;
  readonly competition: string;
  readonly name: string;
  readonly runners: readonly Runner[];
  /** Wall-clock start (already mapped back from simulated time when a speed factor is set). */
  readonly startMs: number;
  readonly markets: readonly MarketDef[];
  /** False for races: they are priced before the off and only produce a result. */
  readonly inPlayAllowed: boolean;
}

export interface Score {
  /** One line for lists, e.g. "Norvale 145/6 (17.2 ov) · need 26 from 16". */
  readonly summary: string;
  /** Headline score per fixture runner (runs, goals, sets, points…); empty for races. */
  readonly values: readonly number[];
  /** Period label: "1st innings", "2nd half", "Set 2", "Q3"… */
  readonly period: string;
  /** What just happened, e.g. "6", "W", "GOAL", "BREAK_POINT"; empty for periodic updates. */
  readonly lastEvent: string;
}

export type SuspendReason =
  'WICKET' | 'GOAL' | 'BREAK_POINT' | 'SCORE' | 'OFF' | 'INNINGS_BREAK' | 'LINE_CLOSED';

export type MarketOutcome =
  | { readonly kind: 'WINNER'; readonly winnerRunnerId: string; readonly placings?: readonly string[] }
  | { readonly kind: 'LINE'; readonly lineResult: number }
  | { readonly kind: 'VOID' };

/** Probabilities are integer parts per million per runner; each market's entries sum to 1,000,000. */
export type RunnerPpm = Readonly<Record<string, number>>;

export type FeedEvent =
  | { readonly type: 'FIXTURE_ADDED'; readonly atMs: number; readonly fixture: Fixture }
  | { readonly type: 'IN_PLAY'; readonly atMs: number; readonly fixtureId: string }
  | { readonly type: 'SCORE'; readonly atMs: number; readonly fixtureId: string; readonly score: Score }
  | {
      readonly type: 'FAIR_PRICES';
      readonly atMs: number;
      readonly fixtureId: string;
      readonly prices: Readonly<Record<string, RunnerPpm>>;
    }
  | {
      readonly type: 'LINE';
      readonly atMs: number;
      readonly fixtureId: string;
      readonly marketId: string;
      /** Runs line: YES wins at final >= line; KHADO wins at line <= final < line + rangeRuns. */
      readonly line: number;
      readonly rangeRuns?: number;
      readonly probabilitiesPpm: RunnerPpm;
    }
  | {
      readonly type: 'SUSPEND';
      readonly atMs: number;
      readonly fixtureId: string;
      readonly marketId: string;
      readonly reason: SuspendReason;
    }
  | { readonly type: 'RESUME'; readonly atMs: number; readonly fixtureId: string; readonly marketId: string }
  | {
      readonly type: 'RESULT';
      readonly atMs: number;
      readonly fixtureId: string;
      readonly marketId: string;
      readonly outcome: MarketOutcome;
    }
  | { readonly type: 'FIXTURE_CLOSED'; readonly atMs: number; readonly fixtureId: string };

export type FixtureStatus = 'SCHEDULED' | 'IN_PLAY' | 'CLOSED';

export interface FixtureSnapshot {
  readonly fixture: Fixture;
  readonly status: FixtureStatus;
  readonly score: Score | null;
  readonly prices: Readonly<Record<string, RunnerPpm>>;
  readonly lines: Readonly<Record<string, { readonly line: number; readonly rangeRuns?: number }>>;
  readonly suspendedMarketIds: readonly string[];
}

export interface FeedSnapshot {
  /** Wall-clock time of the last advance. */
  readonly nowMs: number;
  /** Open fixtures (scheduled or in play), in start order. */
  readonly fixtures: readonly FixtureSnapshot[];
}

/**
 * The adapter. `advance` is polled with a non-decreasing wall clock and returns everything that
 * happened since the previous call; `snapshot` is the current state for a late joiner.
 */
export interface OddsFeed {
  advance(nowMs: number): FeedEvent[];
  snapshot(): FeedSnapshot;
}
