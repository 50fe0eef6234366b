import type { Hundredths } from '@backlay/fair';

/** Where a round's randomness comes from: the fair byte stream read as floats in [0, 1). */
export type FloatSource = { nextFloat(): number };

/** The categories of the Our casino page a table is listed under. */
export type TableCategory =
  | 'Roulette'
  | 'Teenpati'
  | 'Poker'
  | 'Baccarat'
  | 'DragonTiger'
  | '32 Card'
  | 'AnderBahar'
  | 'Lucky 7'
  | '3 Card Judgement'
  | 'CasinoWar'
  | 'Worli'
  | 'Sports';

export type MarketDef = {
  readonly id: string;
  readonly name: string;
  /** Decimal odds in hundredths (stake included): 200 = 2.00, even money. */
  readonly oddsHundredths: Hundredths;
  /** Market limits where they differ from the table's. */
  readonly minStakeMinor?: bigint;
  readonly maxStakeMinor?: bigint;
};

/** A named group of cards in dealing order: "Dragon", "Player A", "Board", "Joker". */
export type Hand = { readonly name: string; readonly cards: readonly string[] };

/**
 * What a round produced. Everything here follows from the round's seeds, so a stored outcome can be
 * recomputed and compared by anyone. `refunds` names markets that lost but return part of the stake
 * (Dragon and Tiger on a tie return half: 50); markets in `winningMarkets` pay their odds.
 */
export type TableOutcome = {
  readonly hands: readonly Hand[];
  /** What Casino Results shows: "Dragon", "Tie", "17 Red", "4 Runs". */
  readonly winner: string;
  readonly winningMarkets: readonly string[];
  readonly refunds: Readonly<Record<string, Hundredths>>;
  /** Roulette: the pocket 0–36. */
  readonly number?: number;
  /** Ball-by-ball: the delivery's outcome code (0, 1, 2, 3, 4, 6, W, E). */
  readonly ball?: string;
  /** Set when the deal could not complete (32 Cards running out of cards): every bet is refunded. */
  readonly void?: boolean;
};

/** How long each phase lasts at normal speed (TABLE_SPEED divides them). */
export type PhaseTimings = {
  readonly bettingMs: number;
  readonly closedMs: number;
  readonly dealingMs: number;
  readonly resultMs: number;
  /** The settled round stays on screen this long before the next one opens. */
  readonly settledMs: number;
};

export type TableGame = {
  readonly id: string;
  readonly name: string;
  readonly category: TableCategory;
  readonly minStakeMinor: bigint;
  readonly maxStakeMinor: bigint;
  readonly markets: readonly MarketDef[];
  readonly timings: PhaseTimings;
  /** Deals one round from the stream; pure, so the same floats always give the same outcome. */
  deal(source: FloatSource): TableOutcome;
};
