import type { Sql } from '../../../db/database.ts';
import { readDefinitionVersion, readHousePriced, sportsTables } from '../../sports/index.ts';
import { stakeLimitsOf, type StakeLimits } from '../catalogue/shapes.ts';
import type { BetfairIds } from '../ids.ts';

export type MarketFacts = { id: string; housePriced: boolean };

/**
 * What an order needs of its market before it goes to the market's owner: our id behind Betfair's, and
 * whether the market is an exchange market (house markets are not offered here). Neither ever changes,
 * so each market is read once per process; the version, which does change, is read only when an order
 * names one.
 */
export class OrderMarkets {
  readonly #facts = new Map<string, MarketFacts>();

  constructor(
    private readonly sql: Sql,
    private readonly ids: BetfairIds,
  ) {}

  /** The market behind a Betfair market id, or null when there is none. */
  async of(bfMarketId: string): Promise<MarketFacts | null> {
    const known = this.#facts.get(bfMarketId);
    if (known) return known;
    const id = (await this.ids.marketsOf([bfMarketId])).get(bfMarketId);
    if (id === undefined) return null;
    const housePriced = await readHousePriced(this.sql, id);
    if (housePriced === undefined) return null;
    const facts = { id, housePriced };
    this.#facts.set(bfMarketId, facts);
    return facts;
  }

  /** The market's definition version now, as listMarketBook and the stream give it (0259). */
  async version(marketId: string): Promise<number> {
    return readDefinitionVersion(this.sql, marketId);
  }
}

/** A market's stake range now, as the catalogue and the book show it (docs/decisions/0273). */
export async function readStakeLimits(sql: Sql, marketId: string): Promise<StakeLimits | undefined> {
  const [row] = await sql.query<{ min_stake_minor: string; max_stake_minor: string }>(
    `SELECT min_stake_minor::text, max_stake_minor::text FROM ${sportsTables.markets} WHERE id = $1`,
    [marketId],
  );
  return row && stakeLimitsOf(row);
}
