import { OutcomeStream, type Seeds } from '@backlay/fair';
import { andarBahar } from './games/andar-bahar.ts';
import { baccarat } from './games/baccarat.ts';
import { ballByBall } from './games/ball-by-ball.ts';
import { casinoWar } from './games/casino-war.ts';
import { dragonTiger } from './games/dragon-tiger.ts';
import { lucky7 } from './games/lucky-7.ts';
import { poker20 } from './games/poker-20.ts';
import { roulette } from './games/roulette.ts';
import { teenPatti20 } from './games/teen-patti.ts';
import { thirtyTwoCards } from './games/thirty-two-cards.ts';
import { threeCardJudgement } from './games/three-card-judgement.ts';
import { worli } from './games/worli.ts';
import type { MarketDef, TableGame, TableOutcome } from './types.ts';

/** Every in-house table, in the order the lobby lists them. */
export const TABLE_GAMES: readonly TableGame[] = [
  dragonTiger,
  lucky7,
  teenPatti20,
  andarBahar,
  thirtyTwoCards,
  baccarat,
  casinoWar,
  threeCardJudgement,
  worli,
  roulette,
  poker20,
  ballByBall,
];

const BY_ID = new Map(TABLE_GAMES.map((game) => [game.id, game]));

export const tableGame = (id: string): TableGame | undefined => BY_ID.get(id);

export const marketOf = (game: TableGame, marketId: string): MarketDef | undefined =>
  game.markets.find((market) => market.id === marketId);

/** A market's limits: its own where set, the table's otherwise. */
export const marketLimits = (game: TableGame, market: MarketDef) => ({
  minStakeMinor: market.minStakeMinor ?? game.minStakeMinor,
  maxStakeMinor: market.maxStakeMinor ?? game.maxStakeMinor,
});

/**
 * A round's outcome from its seeds: the published HMAC-SHA256 byte stream (docs/decisions/0100) for
 * (server seed, client seed, nonce), read as floats by the table's deal. Anyone holding the revealed
 * seeds gets the same cards.
 */
export function dealRound(game: TableGame, seeds: Seeds): TableOutcome {
  return game.deal(new OutcomeStream(seeds));
}
