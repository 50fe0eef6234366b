import type { Bet, BetSide } from '@backlay/contracts';
import type { Persistence } from '@backlay/exchange';

export type PlaceCommand = {
  type: 'place';
  betId: string;
  playerId: string;
  runnerId: string;
  side: BetSide;
  priceTick: number;
  /** Decimal integer string: commands cross the bus as JSON. */
  stakeMinor: string;
  persistence: Persistence;
  clientRef: string;
  fingerprint: string;
  /** Cash out orders take what is there now and never rest. */
  immediateOnly?: boolean;
  /**
   * Fill or kill (trading API): match at least `minFillMinor` (decimal integer string) at once or
   * nothing; the unmatched rest never rests.
   */
  fillOrKill?: { minFillMinor: string };
  /**
   * Milliseconds the request already waited for the in-play delay (docs/decisions/0326). Present on
   * every player's order: an owner that finds the market in play with a longer delay answers
   * IN_PLAY_DELAY instead of placing it. A cash out's hedge carries none and never waits.
   */
  waitedMs?: number;
  /** The order was placed on a market version that is no longer current (trading API): it lapses unmatched. */
  lapse?: boolean;
  /**
   * The player's home instance judged the bet and reserved this much (decimal integer string), the
   * order's own worst case, which bounds what it can add to the player's holds: the owner places it
   * without asking its own gate (docs/decisions/0315).
   */
  admittedMinor?: string;
  /**
   * Ends the home's reservation. Only in process, when the home turned out to own the market after
   * all (its first bet loads it here): the owner calls it as its own reservation starts, so the two
   * never count together. A forwarded command loses it in JSON, and the home ends it on the answer.
   */
  endHomeReservation?: () => void;
};

export type PlaceAnswer = {
  bet: Bet;
  replayed: boolean;
  selfMatched: boolean;
  /** A cancel's answer: how much this cancel took off the unmatched part (decimal integer string). */
  cancelledNowMinor?: string;
  /** For a bet admitted at home: the player's cash and holds its batch left (decimal integer strings). */
  moneyAfter?: { cashMinor: string; exposureMinor: string };
};
