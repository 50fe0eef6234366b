import type { SourceBook } from '@backlay/contracts';
import type { MarketCache } from '@backlay/betfair-stream';
import type { MirroredMarket } from '../sports/index.ts';
import type { CricketLine } from './cricket-data.ts';
import type { RemovedRunner } from './exchange-links.ts';
import type { FeedMarketRow, FeedProgress } from './feeds-repo.ts';
import { removalKey, type BatchChanges } from './line-apply.ts';
import { mirroredMarketOf, sourceResultOf, type MirrorTerms } from './mirror-spec.ts';
import type { FeedNames } from './names.ts';
import { portalRunnerId } from './ids.ts';
import { sourceBookOf } from './source-book.ts';

/** A feed's memory the batch is taken from. */
export type FeedMemory = {
  feedId: string;
  settleFrom: 'source' | 'trader';
  cache: MarketCache;
  names: FeedNames;
  /** Source market id → its portal market and event, once mirrored. */
  mapped: Map<string, { marketId: string; eventId: string }>;
  /** `<market id> <runner id>` of runners already removed by this run (a repeat is harmless, only slower). */
  removed: Set<string>;
  /** True for a live stream, whose removal dates are on the portal's clock; a replay's are not. */
  live: boolean;
};

/** A source market's result as the source decided it, for its portal market. */
export type SourceResult = { marketId: string; winnerRunnerIds: string[]; atMs: number };

/**
 * Everything one batch writes, copied out of the feed's memory when the batch closes
 * (docs/decisions/0280): the next batch folds into the same cache while this one commits, and its
 * write must not see that batch's state.
 */
export type TakenBatch = {
  feedId: string;
  settleFrom: FeedMemory['settleFrom'];
  /** The portal markets whose definition (or names) changed, or that are mirrored for the first time. */
  mirrors: MirroredMarket[];
  /** Source markets mirrored for the first time by this batch. */
  newMappings: Omit<FeedMarketRow, 'pendingResult'>[];
  /** Each closed mirror's result: recorded once, or kept for a trader's confirmation. */
  results: SourceResult[];
  /** Non-runners not yet removed by this run. */
  removed: RemovedRunner[];
  cricket: readonly CricketLine[];
  /** The changed source books, by portal market id. */
  books: Map<string, SourceBook>;
  progress: FeedProgress;
};

/** A source market and the portal market it becomes. */
type Mirror = { sourceId: string; market: MirroredMarket };

/**
 * Takes what a batch writes from the feed's memory, at once and without waiting: the mirrors, their
 * results and non-runners, the source books, and the markets mapped now (`memory.mapped` learns them
 * here, so the next batch maps nothing twice).
 */
export function takeBatch(
  terms: MirrorTerms,
  memory: FeedMemory,
  batch: BatchChanges,
  progress: FeedProgress,
): TakenBatch {
  const mirrors = mirrorsOf(terms, memory, batch);
  const newMappings = mapNewMarkets(memory, mirrors);
  return {
    feedId: memory.feedId,
    settleFrom: memory.settleFrom,
    mirrors: mirrors.map((mirror) => mirror.market),
    newMappings,
    results: resultsOf(memory, mirrors),
    removed: removedRunnersOf(memory, mirrors, batch).filter(
      (r) => !memory.removed.has(`${r.marketId} ${r.runnerId}`),
    ),
    cricket: batch.cricket,
    books: booksOf(memory, batch),
    progress,
  };
}

function mirrorsOf(terms: MirrorTerms, memory: FeedMemory, batch: BatchChanges): Mirror[] {
  const ids = new Set(batch.definitions);
  // A market seen with a book before its definition is mirrored as soon as its definition comes.
  for (const id of batch.books) if (!memory.mapped.has(id)) ids.add(id);
  return [...ids].flatMap((id) => {
    const market = memory.cache.market(id);
    const mirror = market && mirroredMarketOf(memory.feedId, market, memory.names, terms);
    return mirror ? [{ sourceId: id, market: mirror }] : [];
  });
}

function mapNewMarkets(memory: FeedMemory, mirrors: readonly Mirror[]): TakenBatch['newMappings'] {
  return mirrors.flatMap(({ sourceId, market }) => {
    if (memory.mapped.has(sourceId)) return [];
    memory.mapped.set(sourceId, { marketId: market.marketId, eventId: market.eventId });
    return [
      { feedId: memory.feedId, sourceMarketId: sourceId, marketId: market.marketId, eventId: market.eventId },
    ];
  });
}

function resultsOf(memory: FeedMemory, mirrors: readonly Mirror[]): SourceResult[] {
  return mirrors.flatMap(({ sourceId, market: mirror }) => {
    const market = memory.cache.market(sourceId);
    const result = sourceResultOf(market?.definition ?? null);
    if (!market || !result) return [];
    return [{ marketId: mirror.marketId, winnerRunnerIds: result.winnerRunnerIds, atMs: market.pt }];
  });
}

/**
 * The source's non-runners with their removal on the portal's clock, against which fills are judged
 * (0269): a live source's removal date (never ahead of now); for a replay, whose dates are years old,
 * the moment the line that first showed the runner removed was due, or now for one shown earlier.
 */
function removedRunnersOf(
  memory: FeedMemory,
  mirrors: readonly Mirror[],
  batch: BatchChanges,
): RemovedRunner[] {
  const nowMs = Date.now();
  return mirrors.flatMap(({ sourceId, market: mirror }) => {
    const definition = memory.cache.market(sourceId)?.definition;
    return (definition?.runners ?? [])
      .filter((runner) => runner.status === 'REMOVED')
      .map((runner) => {
        const sourceDateMs = Date.parse(runner.removalDate ?? '');
        const removedAtMs = memory.live
          ? Math.min(Number.isNaN(sourceDateMs) ? nowMs : sourceDateMs, nowMs)
          : (batch.removals.get(removalKey(sourceId, runner.id, runner.hc)) ?? nowMs);
        return {
          marketId: mirror.marketId,
          runnerId: portalRunnerId(runner.id, runner.hc),
          adjustmentFactor: typeof runner.adjustmentFactor === 'number' ? runner.adjustmentFactor : 0,
          removedAtMs,
        };
      });
  });
}

function booksOf(memory: FeedMemory, batch: BatchChanges): Map<string, SourceBook> {
  const books = new Map<string, SourceBook>();
  for (const id of new Set([...batch.books, ...batch.definitions])) {
    const mapped = memory.mapped.get(id);
    const market = memory.cache.market(id);
    if (mapped && market) books.set(mapped.marketId, sourceBookOf(memory.feedId, market, memory.names));
  }
  return books;
}
