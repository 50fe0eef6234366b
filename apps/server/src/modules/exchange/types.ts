import type { BetSide, BetStatus, MarketStatus } from '@backlay/contracts';
import type { Persistence } from '@backlay/exchange';

/** A market as the exchange needs it: terms from the feed, names for readable rows. */
export type MarketInfo = {
  id: string;
  eventId: string;
  eventName: string;
  /** The event's sport (its slug): per-sport stake caps apply to it (docs/decisions/0300). */
  sport: string;
  eventClosed: boolean;
  type: string;
  name: string;
  status: MarketStatus;
  inPlay: boolean;
  /** Seconds a bet waits in play before it reaches the book. */
  betDelaySec: number;
  housePriced: boolean;
  /** The market maker quotes here. */
  marketMaker: boolean;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  /** Basis points of net market winnings (2% = 200). */
  commissionBasisPoints: number;
  runners: { id: string; name: string; fairPpm: number | null }[];
  /** How many runners the market pays (a place market: several); 1 unless the source says more. */
  numberOfWinners: number;
  /** The run line of a house line market (FANCY, KHADO, ODD_EVEN); null otherwise. */
  line: RunLine | null;
};

export type RunLine = { line: number; rangeRuns?: number };

/** A player's bet as the exchange keeps it in memory and in the `bets` table. */
export type BetState = {
  id: string;
  seq: number;
  playerId: string;
  marketId: string;
  runnerId: string;
  runnerIndex: number;
  side: BetSide;
  priceTick: number;
  stakeMinor: bigint;
  matchedMinor: bigint;
  /** Σ size × price in hundredths over the fills: the average price is this over matchedMinor. */
  matchedValue: bigint;
  cancelledMinor: bigint;
  /** The part matched and then voided with its fills (docs/decisions/0251); absent: none. */
  voidedMinor?: bigint;
  status: BetStatus;
  persistence: Persistence;
  clientRef: string;
  fingerprint: string;
  profitMinor: bigint | null;
  /** The line a house line bet was struck at. */
  line: RunLine | null;
  placedAt: string;
  updatedAt: string;
};

export type FillRow = {
  marketId: string;
  runnerIndex: number;
  priceTick: number;
  sizeMinor: number;
  takerSide: BetSide;
  takerOrderId: string;
  takerAccountId: string;
  makerOrderId: string;
  makerAccountId: string;
};

/** One market's best prices as `GET /api/markets/:id` shows them, keyed by runner id. */
export type LadderJson = Record<string, { back: LevelJson[]; lay: LevelJson[] }>;
export type LevelJson = { price: number; size: string };

/** A standing fill's change by a non-runner (docs/decisions/0269): its reduced price, or voided. */
export type FillChange = { id: string; priceHundredths: number | null; voidedAt: string | null };

/** A runner the source removed, as the exchange applied it: its factor in basis points of a percent. */
export type RunnerRemoval = { runnerId: string; factorBasisPoints: number; removedAtMs: number };
