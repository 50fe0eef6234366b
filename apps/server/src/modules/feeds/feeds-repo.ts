import type { FeedError, FeedSettleFrom, FeedState, SourceBook } from '@backlay/contracts';
import type { CacheSnapshot } from '@backlay/betfair-stream';
import type { Sql } from '../../db/database.ts';

/** A feed as its row keeps it (docs/decisions/0270). */
export type FeedRow = {
  id: string;
  kind: 'replay' | 'stream';
  state: FeedState;
  speed: number;
  maxGapMs: number | null;
  untilPt: number | null;
  settleFrom: FeedSettleFrom;
  fileIds: string[];
  config: Record<string, unknown>;
  totalLines: number;
  fileIndex: number;
  lineNumber: number;
  clk: string | null;
  cache: CacheSnapshot | null;
  applied: number;
  skipped: number;
  errors: FeedError[];
  lastPt: number | null;
  lagMs: number | null;
  createdAt: string;
};

type RawFeedRow = {
  id: string;
  kind: FeedRow['kind'];
  state: FeedState;
  speed: number;
  max_gap_ms: string | number | null;
  until_pt: string | number | null;
  settle_from: FeedSettleFrom;
  file_ids: string[];
  config: Record<string, unknown>;
  total_lines: string | number;
  file_index: number;
  line_number: string | number;
  clk: string | null;
  cache?: CacheSnapshot | null;
  market_caches?: CacheSnapshot['markets'];
  applied: string | number;
  skipped: string | number;
  errors: FeedError[];
  last_pt: string | number | null;
  lag_ms: string | number | null;
  created_at: Date | string;
};

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

const rowOf = (raw: RawFeedRow): FeedRow => ({
  id: raw.id,
  kind: raw.kind,
  state: raw.state,
  speed: Number(raw.speed),
  maxGapMs: numberOrNull(raw.max_gap_ms),
  untilPt: numberOrNull(raw.until_pt),
  settleFrom: raw.settle_from,
  fileIds: raw.file_ids,
  config: raw.config,
  totalLines: Number(raw.total_lines),
  fileIndex: raw.file_index,
  lineNumber: Number(raw.line_number),
  clk: raw.clk,
  cache: raw.cache ? { ...raw.cache, markets: raw.market_caches ?? raw.cache.markets } : null,
  applied: Number(raw.applied),
  skipped: Number(raw.skipped),
  errors: raw.errors,
  lastPt: numberOrNull(raw.last_pt),
  lagMs: numberOrNull(raw.lag_ms),
  createdAt: new Date(raw.created_at).toISOString(),
});

const COLUMNS = `id, kind, state, speed, max_gap_ms, until_pt, settle_from, file_ids::text[] AS file_ids, config,
  total_lines, file_index, line_number, clk, applied, skipped, errors, last_pt, lag_ms, created_at`;

/** The row's clocks with the markets of its cache, one row each (docs/decisions/0276). */
const CACHE_COLUMNS = `, cache, (SELECT coalesce(jsonb_agg(c.snapshot ORDER BY c.source_market_id), '[]'::jsonb)
  FROM feed_market_caches c WHERE c.feed_id = feeds.id) AS market_caches`;

/** The feed with its market cache snapshot (for its unit), or without (for lists). */
export async function readFeed(sql: Sql, feedId: string, withCache = false): Promise<FeedRow | undefined> {
  const [raw] = await sql.query<RawFeedRow>(
    `SELECT ${COLUMNS}${withCache ? CACHE_COLUMNS : ''} FROM feeds WHERE id = $1`,
    [feedId],
  );
  return raw && rowOf(raw);
}

export async function listFeeds(sql: Sql): Promise<FeedRow[]> {
  const rows = await sql.query<RawFeedRow>(`SELECT ${COLUMNS} FROM feeds ORDER BY created_at DESC LIMIT 200`);
  return rows.map(rowOf);
}

/** Feeds that still run or wait: their units are kept owned somewhere. */
export async function readLiveFeedIds(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(`SELECT id FROM feeds WHERE state IN ('running', 'paused')`);
  return rows.map((row) => row.id);
}

export type NewFeed = Pick<
  FeedRow,
  | 'id'
  | 'kind'
  | 'state'
  | 'speed'
  | 'maxGapMs'
  | 'untilPt'
  | 'settleFrom'
  | 'fileIds'
  | 'config'
  | 'totalLines'
>;

export async function insertFeed(tx: Sql, feed: NewFeed): Promise<void> {
  await tx.query(
    `INSERT INTO feeds (id, kind, state, speed, max_gap_ms, until_pt, settle_from, file_ids, config, total_lines)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9, $10)`,
    [
      feed.id,
      feed.kind,
      feed.state,
      feed.speed,
      feed.maxGapMs,
      feed.untilPt,
      feed.settleFrom,
      feed.fileIds,
      JSON.stringify(feed.config),
      feed.totalLines,
    ],
  );
}

/** The controls an operator changes: state, speed and the pause point. */
export async function saveControls(
  tx: Sql,
  feedId: string,
  controls: Pick<FeedRow, 'state' | 'speed' | 'untilPt'>,
): Promise<void> {
  await tx.query('UPDATE feeds SET state = $2, speed = $3, until_pt = $4, updated_at = now() WHERE id = $1', [
    feedId,
    controls.state,
    controls.speed,
    controls.untilPt,
  ]);
}

/**
 * Everything a batch moves, written in the batch's own transaction with the latest source book of each
 * mirrored market it changed; `cache` holds the clocks and the markets the batch changed
 * (`MarketCache#snapshotTouched`), each kept in a row of its own.
 */
export type FeedProgress = Pick<
  FeedRow,
  | 'state'
  | 'untilPt'
  | 'fileIndex'
  | 'lineNumber'
  | 'clk'
  | 'applied'
  | 'skipped'
  | 'errors'
  | 'lastPt'
  | 'lagMs'
> & { cache: CacheSnapshot };

export async function saveProgress(
  tx: Sql,
  feedId: string,
  progress: FeedProgress,
  books: ReadonlyMap<string, SourceBook> = new Map(),
): Promise<void> {
  const { markets, ...clocks } = progress.cache;
  const bookRows = [...books].map(([marketId, book]) => ({ market_id: marketId, pt: book.pt, book }));
  // One statement, one round trip: the changed markets' cache rows, their source books, the feed's row.
  await tx.query(
    `WITH markets AS (
       INSERT INTO feed_market_caches (feed_id, source_market_id, snapshot)
       SELECT $1::uuid, m.value->>'id', m.value FROM jsonb_array_elements($13::jsonb) AS m(value)
       ON CONFLICT (feed_id, source_market_id) DO UPDATE SET snapshot = EXCLUDED.snapshot
     ), books AS (
       INSERT INTO source_books (market_id, feed_id, pt, book)
       SELECT x.market_id, $1::uuid, x.pt, x.book
       FROM jsonb_to_recordset($14::jsonb) AS x(market_id text, pt bigint, book jsonb)
       ON CONFLICT (market_id) DO UPDATE SET feed_id = EXCLUDED.feed_id, pt = EXCLUDED.pt, book = EXCLUDED.book
     )
     UPDATE feeds SET state = $2, until_pt = $3, file_index = $4, line_number = $5, clk = $6, cache = $7,
       applied = $8, skipped = $9, errors = $10, last_pt = $11, lag_ms = $12, updated_at = now()
     WHERE id = $1::uuid`,
    [
      feedId,
      progress.state,
      progress.untilPt,
      progress.fileIndex,
      progress.lineNumber,
      progress.clk,
      JSON.stringify({ ...clocks, markets: [] }),
      progress.applied,
      progress.skipped,
      JSON.stringify(progress.errors),
      progress.lastPt,
      progress.lagMs,
      JSON.stringify(markets),
      JSON.stringify(bookRows),
    ],
  );
}

export type FeedMarketRow = {
  feedId: string;
  sourceMarketId: string;
  marketId: string;
  eventId: string;
  pendingResult: { winnerRunnerIds: string[]; atMs: number } | null;
};

export async function readFeedMarkets(sql: Sql, feedIds: readonly string[]): Promise<FeedMarketRow[]> {
  const rows = await sql.query<{
    feed_id: string;
    source_market_id: string;
    market_id: string;
    event_id: string;
    pending_result: FeedMarketRow['pendingResult'];
  }>(
    `SELECT feed_id, source_market_id, market_id, event_id, pending_result FROM feed_markets
     WHERE feed_id = ANY($1::uuid[]) ORDER BY market_id`,
    [feedIds],
  );
  return rows.map((row) => ({
    feedId: row.feed_id,
    sourceMarketId: row.source_market_id,
    marketId: row.market_id,
    eventId: row.event_id,
    pendingResult: row.pending_result,
  }));
}

export async function insertFeedMarkets(tx: Sql, rows: readonly Omit<FeedMarketRow, 'pendingResult'>[]) {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO feed_markets (feed_id, source_market_id, market_id, event_id)
     SELECT x.feed_id, x.source_market_id, x.market_id, x.event_id
     FROM jsonb_to_recordset($1::jsonb) AS x(feed_id uuid, source_market_id text, market_id text, event_id text)
     ON CONFLICT DO NOTHING`,
    [
      JSON.stringify(
        rows.map((row) => ({
          feed_id: row.feedId,
          source_market_id: row.sourceMarketId,
          market_id: row.marketId,
          event_id: row.eventId,
        })),
      ),
    ],
  );
}

/** A result the source gave that waits for a trader (settleFrom 'trader'); null clears it. */
export async function savePendingResult(
  tx: Sql,
  marketId: string,
  result: FeedMarketRow['pendingResult'],
): Promise<void> {
  await tx.query('UPDATE feed_markets SET pending_result = $2 WHERE market_id = $1', [
    marketId,
    result === null ? null : JSON.stringify(result),
  ]);
}

/** The feed's row for this market, locked for the caller's transaction. */
export async function lockFeedMarket(
  tx: Sql,
  feedId: string,
  marketId: string,
): Promise<FeedMarketRow | undefined> {
  const [row] = await tx.query<{
    source_market_id: string;
    event_id: string;
    pending_result: FeedMarketRow['pendingResult'];
  }>(
    `SELECT source_market_id, event_id, pending_result FROM feed_markets WHERE feed_id = $1 AND market_id = $2 FOR UPDATE`,
    [feedId, marketId],
  );
  return (
    row && {
      feedId,
      sourceMarketId: row.source_market_id,
      marketId,
      eventId: row.event_id,
      pendingResult: row.pending_result,
    }
  );
}
