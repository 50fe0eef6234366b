/**
 * The Exchange Stream API's messages as the server sends them (docs/decisions/0258, 0259). The client
 * builds its caches from exactly these keys; an absent key means unchanged.
 */

/** [price, size] in major units; a side's levels best first. */
export type PriceSize = readonly [number, number];
/** [level, price, size] of a best-offers ladder; an emptied level is [level, 0, 0]. */
export type LevelPriceSize = readonly [number, number, number];

/** A runner of a market definition: its id, place and status. */
export type RunnerDefinition = {
  id: number;
  sortPriority: number;
  status: 'ACTIVE' | 'WINNER' | 'LOSER';
  hc: number;
};

/** The MarketDefinition the client requires (22 keys), with the optional ones sent here. */
export type MarketDefinition = {
  betDelay: number;
  bettingType: 'ODDS';
  bspMarket: boolean;
  bspReconciled: boolean;
  complete: boolean;
  crossMatching: boolean;
  discountAllowed: boolean;
  eventId: string;
  eventTypeId: string;
  inPlay: boolean;
  marketBaseRate: number;
  marketTime: string;
  numberOfActiveRunners: number;
  numberOfWinners: number;
  persistenceEnabled: boolean;
  regulators: string[];
  runnersVoidable: boolean;
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  timezone: string;
  turnInPlayEnabled: boolean;
  version: number;
  runners: RunnerDefinition[];
  settledTime?: string;
  openDate: string;
  suspendTime: string;
  marketType: string;
  name: string;
  eventName: string;
  priceLadderDefinition: { type: 'CLASSIC' };
};

/** A runner's change (`rc` entry): the ladders and totals that moved. */
export type RunnerChange = {
  id: number;
  atb?: PriceSize[];
  atl?: PriceSize[];
  batb?: LevelPriceSize[];
  batl?: LevelPriceSize[];
  trd?: PriceSize[];
  tv?: number;
  ltp?: number;
};

/** A market's change (`mc` entry); `img` marks a full image that replaces what the client held. */
export type MarketChange = {
  id: string;
  img?: true;
  marketDefinition?: MarketDefinition;
  rc?: RunnerChange[];
  tv?: number;
};

/** One order in full (`uo` entry); times are epoch milliseconds, references `""` when unset. */
export type UnmatchedOrder = {
  id: string;
  p: number;
  s: number;
  side: 'B' | 'L';
  status: 'E' | 'EC';
  pt: 'L' | 'P';
  ot: 'L';
  pd: number;
  md?: number;
  cd?: number;
  ld?: number;
  avp: number;
  sm: number;
  sr: number;
  sl: number;
  sc: number;
  sv: number;
  rfo: string;
  rfs: string;
};

/** A runner's orders and matched sizes by price (`orc` entry). */
export type OrderRunnerChange = {
  id: number;
  fullImage?: true;
  uo?: UnmatchedOrder[];
  mb?: PriceSize[];
  ml?: PriceSize[];
  /** Matches by customerStrategyRef, with partitionMatchedByStrategyRef. */
  smc?: Record<string, { mb: PriceSize[]; ml: PriceSize[] }>;
};

/** A market's orders (`oc` entry); `closed` once, when the market settled or was voided. */
export type OrderMarketChange = { id: string; fullImage?: true; closed?: true; orc?: OrderRunnerChange[] };

/** What a change message's header says of it. */
type ChangeHeader = {
  id: number | undefined;
  clk?: string;
  initialClk?: string;
  pt: number;
  ct?: 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
  segmentType?: 'SEG_START' | 'SEG' | 'SEG_END';
  conflateMs?: number;
  heartbeatMs?: number;
  /** Some market's entry merged more than one change (conflation). */
  con?: true;
};
export type MarketChangeMessage = ChangeHeader & { op: 'mcm'; mc?: readonly MarketChange[] };
export type OrderChangeMessage = ChangeHeader & { op: 'ocm'; oc?: readonly OrderMarketChange[] };

/** The answer to every request: `id` repeats the request's. */
export type StatusMessage = {
  op: 'status';
  id?: number;
  statusCode: 'SUCCESS' | 'FAILURE';
  errorCode?: string;
  errorMessage?: string;
  connectionClosed: boolean;
  /** How many more connections the caller's app key may open (0273). */
  connectionsAvailable?: number;
};

export type StreamMessage =
  { op: 'connection'; connectionId: string } | StatusMessage | MarketChangeMessage | OrderChangeMessage;
