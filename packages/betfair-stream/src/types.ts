/**
 * The Betfair Exchange Stream format as it arrives on the wire or in a recording: one JSON message a
 * line. Field names are Betfair's own so a message can be read against its documentation.
 */

/** A price and a size as the source gives them (decimal odds, stake in the market's currency). */
export type PriceSize = [price: number, size: number];
/** A level ladder entry (batb/batl/bdatb/bdatl): level 0 is the best. */
export type LevelPriceSize = [level: number, price: number, size: number];

export type RunnerStatus = 'ACTIVE' | 'WINNER' | 'LOSER' | 'PLACED' | 'REMOVED' | 'REMOVED_VACANT' | 'HIDDEN';
export type MarketStatus = 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';

export interface RunnerDefinition {
  id: number;
  sortPriority: number;
  status: RunnerStatus;
  name?: string;
  hc?: number;
  /** Percent by which matched prices are reduced when this runner is removed (rule 13.7). */
  adjustmentFactor?: number;
  removalDate?: string;
  bsp?: number;
}

export interface MarketDefinition {
  eventId?: string;
  eventTypeId?: string;
  eventName?: string;
  name?: string;
  marketType?: string;
  numberOfWinners?: number;
  marketTime?: string;
  openDate?: string;
  suspendTime?: string;
  settledTime?: string;
  status: MarketStatus;
  inPlay?: boolean;
  betDelay?: number;
  bspMarket?: boolean;
  countryCode?: string;
  venue?: string;
  timezone?: string;
  complete?: boolean;
  version?: number;
  runners: RunnerDefinition[];
  [other: string]: unknown;
}

/** The folded book of one runner. */
export interface RunnerBook {
  id: number;
  hc: number;
  ltp: number | null;
  tv: number;
  /** Available to back, best (highest price) first. */
  atb: PriceSize[];
  /** Available to lay, best (lowest price) first. */
  atl: PriceSize[];
  /** Traded volume by price, ascending by price. */
  trd: PriceSize[];
}

/** One market as the cache holds it after folding its changes. */
export interface SourceMarket {
  id: string;
  /** Publish time (ms) of the last message that touched this market. */
  pt: number;
  definition: MarketDefinition | null;
  /** In the definition's sortPriority order when a definition is known, else first-seen order. */
  runners: RunnerBook[];
  /** The market's total matched volume when the source sends it (mc-level `tv`). */
  tv?: number;
}

/** Change type of a message: an image on (re)subscription, deltas after a reconnect, or a heartbeat. */
export type ChangeType = 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
/** Large images are split into segments; only a whole segment run is a consistent image. */
export type SegmentType = 'SEG_START' | 'SEG' | 'SEG_END';

export interface RunnerChange {
  id: number;
  hc?: number;
  /** Last traded price. */
  ltp?: number;
  /** Traded volume. */
  tv?: number;
  /** Full depth available to back / lay, as deltas (size 0 removes the price). */
  atb?: PriceSize[];
  atl?: PriceSize[];
  /** Traded by price, as deltas. */
  trd?: PriceSize[];
  /** Best available to back / lay by level, as deltas (size 0 removes the level). */
  batb?: LevelPriceSize[];
  batl?: LevelPriceSize[];
  /** Best display (virtual) available to back / lay by level. */
  bdatb?: LevelPriceSize[];
  bdatl?: LevelPriceSize[];
  /** Starting price back / lay (BSP market), near and far projected prices. */
  spb?: PriceSize[];
  spl?: PriceSize[];
  spn?: number;
  spf?: number;
}

export interface MarketChange {
  id: string;
  /** True when this change is a whole image that replaces the cached market. */
  img?: boolean;
  /** True when the change was conflated. */
  con?: boolean;
  /** Market total matched volume. */
  tv?: number;
  /** Always whole: it replaces the cached definition. */
  marketDefinition?: MarketDefinition;
  rc?: RunnerChange[];
}

export interface McmMessage {
  op: 'mcm';
  id?: number;
  pt: number;
  clk?: string;
  initialClk?: string;
  ct?: ChangeType;
  segmentType?: SegmentType;
  heartbeatMs?: number;
  conflateMs?: number;
  status?: number;
  mc?: MarketChange[];
}

/** Cricket sports data: an innings' score. */
export interface CricketInning {
  runs?: string | number;
  overs?: string;
  wickets?: string | number;
  [other: string]: unknown;
}

export interface CricketTeam {
  name?: string;
  selectionId?: number;
  inning1?: CricketInning;
  inning2?: CricketInning;
  [other: string]: unknown;
}

export interface CricketFixtureInfo {
  expectedStartTime?: number;
  fixtureStatus?: string;
  eventDescription?: string;
  maxOvers?: number;
  eventStatus?: string;
  [other: string]: unknown;
}

export interface CricketInningsStats {
  inningsNum?: number;
  battingTeam?: string;
  bowlingTeam?: string;
  inningsRuns?: number;
  inningsOvers?: string;
  inningsWickets?: number;
  [other: string]: unknown;
}

export interface CricketMatchStats {
  currentInnings?: number;
  inningsStats?: CricketInningsStats[];
  battingTeamStats?: Record<string, unknown>;
  bowlingTeamStats?: Record<string, unknown>;
  [other: string]: unknown;
}

export interface CricketChange {
  eventId?: string;
  marketId?: string;
  fixtureInfo?: CricketFixtureInfo;
  homeTeam?: CricketTeam;
  awayTeam?: CricketTeam;
  matchStats?: CricketMatchStats;
  incidentListWrapper?: { incidentList?: Array<Record<string, unknown>> };
  [other: string]: unknown;
}

export interface CcmMessage {
  op: 'ccm';
  id?: number;
  pt: number;
  clk?: string;
  initialClk?: string;
  ct?: ChangeType;
  heartbeatMs?: number;
  conflateMs?: number;
  cc?: CricketChange[];
}

/** Any other operation (status, connection, orders…) is passed through as it came. */
export interface OtherMessage {
  op: string;
  [k: string]: unknown;
}

export type StreamMessage = McmMessage | CcmMessage | OtherMessage;
