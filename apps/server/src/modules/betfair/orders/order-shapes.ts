/**
 * Betfair's order records as the order lists and the books answer them. The client builds each from
 * exactly its keys and refuses an unknown one, so these hold nothing else; references appear only when
 * set.
 */

type Side = 'BACK' | 'LAY';
type Persistence = 'LAPSE' | 'PERSIST';
type OrderStatus = 'EXECUTABLE' | 'EXECUTION_COMPLETE';
type References = { customerOrderRef?: string; customerStrategyRef?: string };

/** listCurrentOrders' CurrentOrderSummary. */
export type CurrentOrderSummary = References & {
  betId: string;
  marketId: string;
  selectionId: number;
  handicap: number;
  priceSize: { price: number; size: number };
  bspLiability: number;
  side: Side;
  status: OrderStatus;
  persistenceType: Persistence;
  orderType: 'LIMIT';
  placedDate: string;
  matchedDate?: string;
  averagePriceMatched: number;
  sizeMatched: number;
  sizeRemaining: number;
  sizeLapsed: number;
  sizeCancelled: number;
  sizeVoided: number;
  regulatorCode: string;
};
export type CurrentOrderSummaryReport = { currentOrders: CurrentOrderSummary[]; moreAvailable: boolean };

/** The same order on listMarketBook's runners (its own names, no ids of the market). */
export type RunnerBookOrder = References & {
  betId: string;
  orderType: 'LIMIT';
  status: OrderStatus;
  persistenceType: Persistence;
  side: Side;
  price: number;
  size: number;
  bspLiability: number;
  placedDate: string;
  avgPriceMatched: number;
  sizeMatched: number;
  sizeRemaining: number;
  sizeLapsed: number;
  sizeCancelled: number;
  sizeVoided: number;
};

/** A match on listMarketBook's runners; one fill (NO_ROLLUP) also names its bet, match and time. */
export type RunnerBookMatch = {
  side: Side;
  price: number;
  size: number;
  betId?: string;
  matchId?: string;
  matchDate?: string;
};

/** listClearedOrders' ItemDescription, with includeItemDescription. */
export type ItemDescription = {
  eventTypeDesc: string;
  eventDesc: string;
  marketDesc: string;
  marketType: string;
  marketStartTime: string;
  runnerDesc: string;
  numberOfWinners: number;
};

/** listClearedOrders' ClearedOrderSummary, one per bet. */
export type ClearedOrderSummary = References & {
  eventTypeId: string;
  eventId: string;
  marketId: string;
  selectionId: number;
  handicap: number;
  betId: string;
  placedDate: string;
  persistenceType: Persistence;
  orderType: 'LIMIT';
  side: Side;
  itemDescription?: ItemDescription;
  betOutcome?: 'WON' | 'LOST';
  priceRequested: number;
  settledDate: string;
  lastMatchedDate?: string;
  betCount: number;
  priceMatched: number;
  priceReduced: boolean;
  sizeSettled: number;
  profit: number;
  sizeCancelled: number;
};
/**
 * A record of listClearedOrders grouped above BET: what Betfair's roll-up table gives the level, the
 * lower levels' fields only where the group leaves them unambiguous, and commission from MARKET up.
 */
export type ClearedOrderRollup = Partial<
  Pick<
    ClearedOrderSummary,
    | 'eventId'
    | 'marketId'
    | 'selectionId'
    | 'handicap'
    | 'betId'
    | 'placedDate'
    | 'persistenceType'
    | 'orderType'
    | 'side'
    | 'priceRequested'
    | 'priceMatched'
    | 'priceReduced'
    | 'sizeSettled'
  >
> &
  Pick<ClearedOrderSummary, 'eventTypeId' | 'settledDate' | 'betCount' | 'profit'> & {
    itemDescription?: Partial<ItemDescription>;
    commission?: number;
  };
export type ClearedOrderSummaryReport = {
  clearedOrders: (ClearedOrderSummary | ClearedOrderRollup)[];
  moreAvailable: boolean;
};
