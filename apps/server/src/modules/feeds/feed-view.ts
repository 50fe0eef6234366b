import type { Feed } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { readMarketStatuses } from '../sports/index.ts';
import { readFeedMarkets, type FeedRow } from './feeds-repo.ts';

/** Feeds as the console shows them, with their markets' portal status. */
export async function feedViews(sql: Sql, rows: readonly FeedRow[]): Promise<Feed[]> {
  const markets = await readFeedMarkets(
    sql,
    rows.map((row) => row.id),
  );
  const statuses = await readMarketStatuses(
    sql,
    markets.map((market) => market.marketId),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.state,
    speed: row.speed,
    settleFrom: row.settleFrom,
    applied: row.applied,
    skipped: row.skipped,
    errors: row.errors,
    lastPt: row.lastPt,
    lagMs: row.lagMs,
    progress: progressOf(row),
    until: row.untilPt,
    createdAt: row.createdAt,
    markets: markets
      .filter((market) => market.feedId === row.id)
      .map((market) => ({
        sourceMarketId: market.sourceMarketId,
        marketId: market.marketId,
        eventId: market.eventId,
        status: statuses.get(market.marketId) ?? 'CLOSED',
        resultPending: market.pendingResult !== null,
      })),
  }));
}

/** Lines read (applied or skipped) over the stream files' lines; a finished replay is whole. */
function progressOf(row: FeedRow): number | null {
  if (row.kind !== 'replay') return null;
  if (row.state === 'finished') return 1;
  if (row.totalLines <= 0) return 0;
  return Math.min(1, (row.applied + row.skipped) / row.totalLines);
}
