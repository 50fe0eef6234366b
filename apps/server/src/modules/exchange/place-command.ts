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
};

export type PlaceAnswer = { bet: Bet; replayed: boolean; selfMatched: boolean };
