import type { CricketScore } from '@backlay/betfair-stream';
import type { Database, Sql } from '../../db/database.ts';
import { afterCommit } from '../../platform/transaction.ts';
import {
  applyFeedBatch,
  insertMirroredLines,
  publishNewMarkets,
  readMarketStatuses,
  readMirroredEventIds,
  type SportsPublisher,
} from '../sports/index.ts';
import type { FeedEvent } from '@backlay/feed';
import { lineChangesOf, lineSpecsOf } from './cricket-lines.ts';

export type CricketLinesDeps = { db: Database; publisher: SportsPublisher };

/**
 * In the batch's transaction (docs/decisions/0279): the house's Fancy and Odd-Even lines of each
 * mirrored match whose score changed are created, priced, suspended, settled or voided from it, through
 * the catalogue's own feed write (the simulator's lines go the same way), so the exchange quotes and
 * settles them as it does the simulator's. The markets' changes are published once committed.
 */
export async function writeCricketLines(
  deps: CricketLinesDeps,
  tx: Sql,
  scores: ReadonlyMap<string, CricketScore>,
): Promise<void> {
  const mirrored = await readMirroredEventIds(tx, [...scores.keys()]);
  const specIds = [...scores].flatMap(([eventId, score]) =>
    mirrored.has(eventId) ? lineSpecsOf(eventId, score).map((spec) => spec.market.id) : [],
  );
  if (specIds.length === 0) return;
  const statuses = await readMarketStatuses(tx, specIds);
  const created: string[] = [];
  const events: FeedEvent[] = [];
  for (const [eventId, score] of scores) {
    if (!mirrored.has(eventId)) continue;
    const changes = lineChangesOf(eventId, score, statuses, Date.now());
    created.push(...(await insertMirroredLines(tx, eventId, changes.create)));
    events.push(...changes.events);
  }
  await applyFeedBatch(deps, events);
  if (created.length > 0)
    afterCommit(() => publishNewMarkets(deps.publisher.streams, created), deps.publisher.onError);
}
