import { feedIdSchema } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import { readMarketsById, readScore } from './market-read.ts';

/** Where applied feed changes go once committed. */
export type SportsPublisher = {
  streams: Pick<StreamRegistry, 'publish'>;
  onError?: (error: unknown) => void;
  /** Told which markets a committed batch changed (the exchange brings their books in line). */
  onMarketsChanged?: (marketIds: readonly string[]) => void;
};

export type SportsStreamDeps = { db: Database; streams: Pick<StreamRegistry, 'register'> };

/**
 * `market` (id = market id; `{market}` as `GET /api/markets/:id`, seq = its version) and `score`
 * (id = event id; `{eventId, status, inPlay, score}`, seq = the event's version).
 */
export function registerSportsStreams(deps: SportsStreamDeps): void {
  deps.streams.register({
    kind: 'market',
    idSchema: feedIdSchema,
    // `{type: "market", market}`, the shape the exchange API documents for clients.
    wire: (market) => ({ market }),
    async snapshot(id) {
      const [market] = await readMarketsById(deps.db, [id!]);
      return market ? { seq: market.version, data: market } : null;
    },
  });
  deps.streams.register({
    kind: 'score',
    idSchema: feedIdSchema,
    // `{type: "score", eventId, status, inPlay, score}`.
    wire: (score) => score as Record<string, unknown>,
    snapshot: async (id) => readScore(deps.db, id!),
  });
}

/**
 * Publishes what a committed batch changed, read back after the commit: the feed is the only writer of
 * these rows, so what is read is at least as new as the batch and its version orders it.
 */
export async function publishChanges(
  db: Database,
  publisher: SportsPublisher,
  changed: {
    marketIds: readonly string[];
    eventIds: readonly string[];
    createdMarketIds?: readonly string[];
  },
): Promise<void> {
  publisher.onMarketsChanged?.(changed.marketIds);
  const markets = await readMarketsById(db, changed.marketIds);
  for (const market of markets) {
    await publisher.streams.publish('market', market.id, { seq: market.version, data: market });
  }
  for (const eventId of changed.eventIds) {
    const score = await readScore(db, eventId);
    if (score) await publisher.streams.publish('score', eventId, score);
  }
  await publishNewMarkets(publisher.streams, changed.createdMarketIds ?? []);
}

/** Ids per announcement of new markets: well under PostgreSQL's 8,000-byte NOTIFY payload. */
const NEW_MARKETS_PER_MESSAGE = 50;

/**
 * Markets that appeared (the feed's new fixtures, an operator's event), once committed, as
 * `{seq, data: {created: ids}}` on the market kind's topic without an id, which no socket can follow
 * (the kind needs an id): the trading stream's subscriptions by filter take new markets on from it
 * (docs/decisions/0259).
 */
export async function publishNewMarkets(
  streams: Pick<StreamRegistry, 'publish'>,
  marketIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < marketIds.length; start += NEW_MARKETS_PER_MESSAGE) {
    const created = marketIds.slice(start, start + NEW_MARKETS_PER_MESSAGE);
    await streams.publish('market', undefined, { seq: Date.now(), data: { created } });
  }
}
