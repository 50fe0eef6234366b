import type { SourceBook } from '@backlay/contracts';
import type { Database, Sql } from '../../db/database.ts';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import {
  finishMirroredEvents,
  hasResult,
  publishChanges,
  recordSourceResult,
  upsertMirroredMarkets,
  type SportsPublisher,
} from '../sports/index.ts';
import type { TakenBatch } from './batch-take.ts';
import { writeBookmakerLines } from './bookmaker-lines.ts';
import { applyCricketData } from './cricket-data.ts';
import { markRemovedRunners, type RemovedRunner } from './exchange-links.ts';
import { insertFeedMarkets, saveProgress, savePendingResult } from './feeds-repo.ts';
import type { MirrorTerms } from './mirror-spec.ts';

export type BatchWriteDeps = { db: Database; publisher: SportsPublisher; terms: MirrorTerms };

/** What a committed batch published: the books for the source topic and the exchange. */
export type WrittenBatch = { books: Map<string, SourceBook>; removed: RemovedRunner[] };

/**
 * Writes one batch, as taken from the feed's memory (batch-take.ts), in one transaction
 * (docs/decisions/0270): the mirrored markets whose definition changed, their results (once), the
 * changed source books, and the feed's position, counters and cache, so a restart goes on from
 * exactly the last line written. Published once committed.
 */
export async function writeBatch(deps: BatchWriteDeps, taken: TakenBatch): Promise<WrittenBatch> {
  return transaction(deps.db, async (tx) => {
    const written = await upsertMirroredMarkets(tx, taken.mirrors);
    await insertFeedMarkets(tx, taken.newMappings);
    const decided = await recordResults(tx, taken);
    const removed = await markRemovedRunners(tx, taken.removed);
    const scored = await applyCricketData(tx, deps, taken.feedId, taken.cricket, written.eventIds);
    const lines = await writeBookmakerLines(tx, taken.books);
    const closedEvents = taken.mirrors.filter((m) => m.status === 'CLOSED').map((m) => m.eventId);
    const finished = await finishMirroredEvents(tx, [...new Set(closedEvents)]);
    await saveProgress(tx, taken.feedId, taken.progress, taken.books);
    const changed = {
      marketIds: [
        ...new Set([
          ...written.createdMarketIds,
          ...written.changedMarketIds,
          ...decided,
          ...lines.marketIds,
        ]),
      ],
      eventIds: [...new Set([...written.eventIds, ...finished, ...scored.eventIds])],
      createdMarketIds: [...written.createdMarketIds, ...lines.createdMarketIds],
    };
    if (changed.marketIds.length > 0 || changed.eventIds.length > 0)
      afterCommit(() => publishChanges(deps.db, deps.publisher, changed), deps.publisher.onError);
    return { books: taken.books, removed };
  });
}

/** Records each closed market's result once; answers the markets that got one now. */
async function recordResults(tx: Sql, taken: TakenBatch): Promise<string[]> {
  const decided: string[] = [];
  for (const { marketId, winnerRunnerIds, atMs } of taken.results) {
    if (taken.settleFrom === 'trader') {
      if (!(await hasResult(tx, marketId))) await savePendingResult(tx, marketId, { winnerRunnerIds, atMs });
      continue;
    }
    if (await recordSourceResult(tx, marketId, { winnerRunnerIds, atMs })) decided.push(marketId);
  }
  return decided;
}
