import type { FeedEvent } from '@backlay/feed';
import type { Database, Sql } from '../../db/database.ts';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import { foldFeedEvents, type FeedChanges } from './feed-fold.ts';
import { saveFeedCursor, type FeedCursor } from './feed-cursor.ts';
import { insertFixtures } from './feed-insert.ts';
import { publishChanges, type SportsPublisher } from './sports-streams.ts';

/** What one batch changed: those markets and events are published after the commit. */
export type AppliedBatch = { marketIds: string[]; eventIds: string[] };

const json = (value: unknown) => JSON.stringify(value);
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/**
 * Applies one batch of feed events in one unit of work (docs/decisions/0120). Everything is keyed by the
 * feed's ids and compared before it is written, so the same events applied twice change nothing; each
 * market or event that did change gets its version raised by exactly one, and is published once the
 * unit commits.
 */
export async function applyFeedBatch(
  deps: { db: Database; publisher?: SportsPublisher },
  events: readonly FeedEvent[],
  options: { keepFixtureIds?: readonly string[]; cursor?: FeedCursor } = {},
): Promise<AppliedBatch> {
  const changes = foldFeedEvents(events);
  return transaction(deps.db, async (tx) => {
    const inserted = new Set(await insertFixtures(tx, changes.fixtures));
    // A fixture the batch itself announces is known even when it already ended within the batch.
    const keep = options.keepFixtureIds && [...options.keepFixtureIds, ...changes.fixtures.map((f) => f.id)];
    const closed = keep ? await closeAbandoned(tx, keep) : [];
    const touchedMarkets = [...(await patchMarkets(tx, changes)), ...closed.flatMap((c) => c.marketIds)];
    const touchedEvents = [...(await patchEvents(tx, changes)), ...closed.map((c) => c.eventId)];
    touchedMarkets.push(...(await followEvents(tx, changes)));
    await insertResults(tx, changes);
    if (options.cursor) await saveFeedCursor(tx, options.cursor);
    const bumped = [...new Set(touchedMarkets)].filter((id) => !inserted.has(id));
    if (bumped.length > 0) {
      await tx.query(
        `UPDATE markets SET version = version + 1, updated_at = now()
         WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
        [json(bumped)],
      );
    }
    const applied = {
      marketIds: [...new Set([...inserted, ...bumped])],
      eventIds: [...new Set(touchedEvents)],
    };
    if (deps.publisher) {
      const publisher = deps.publisher;
      const createdMarketIds = [...inserted];
      afterCommit(
        () => publishChanges(deps.db, publisher, { ...applied, createdMarketIds }),
        publisher.onError,
      );
    }
    return applied;
  });
}

/** Status, line and fair chances; a market that is settled, void or closed keeps its state. */
async function patchMarkets(tx: Sql, changes: FeedChanges): Promise<string[]> {
  const rows = [...changes.markets].map(([id, patch]) => ({
    id,
    status: patch.status ?? null,
    line: patch.line ?? null,
  }));
  const changed = await tx.query<{ id: string }>(
    `UPDATE markets m SET status = COALESCE(x.status, m.status), line = COALESCE(x.line, m.line), updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, status text, line jsonb)
     WHERE m.id = x.id AND m.status IN ('OPEN', 'SUSPENDED')
       AND (m.status, m.line) IS DISTINCT FROM (COALESCE(x.status, m.status), COALESCE(x.line, m.line))
     RETURNING m.id`,
    [json(rows)],
  );
  const prices = [...changes.markets].flatMap(([marketId, patch]) =>
    Object.entries(patch.fairPpm ?? {}).map(([runnerId, ppm]) => ({
      market_id: marketId,
      runner_id: runnerId,
      ppm,
    })),
  );
  const repriced = await tx.query<{ id: string }>(
    `UPDATE runners r SET fair_ppm = x.ppm
     FROM jsonb_to_recordset($1::jsonb) AS x(market_id text, runner_id text, ppm integer)
     WHERE r.market_id = x.market_id AND r.runner_id = x.runner_id AND r.fair_ppm IS DISTINCT FROM x.ppm
     RETURNING r.market_id AS id`,
    [json(prices)],
  );
  return [...ids(changed), ...ids(repriced)];
}

/** In play, finished and the score. A closed (abandoned) event is left as it is. */
async function patchEvents(tx: Sql, changes: FeedChanges): Promise<string[]> {
  const rows = [...changes.events].map(([id, patch]) => ({
    id,
    status: patch.finished ? 'FINISHED' : patch.inPlay ? 'IN_PLAY' : null,
    score: patch.score ?? null,
  }));
  const changed = await tx.query<{ id: string }>(
    `UPDATE events e
     SET status = COALESCE(x.status, e.status), in_play = COALESCE(x.status, e.status) = 'IN_PLAY',
         score = COALESCE(x.score, e.score), version = e.version + 1, updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, status text, score jsonb)
     WHERE e.id = x.id AND e.status <> 'CLOSED' AND NOT (e.status = 'FINISHED' AND x.status = 'IN_PLAY')
       AND (e.status, e.score) IS DISTINCT FROM (COALESCE(x.status, e.status), COALESCE(x.score, e.score))
     RETURNING e.id`,
    [json(rows)],
  );
  return ids(changed);
}

/** Markets follow their event: in play at the off; still open at the end of the match: closed. */
async function followEvents(tx: Sql, changes: FeedChanges): Promise<string[]> {
  const started = [...changes.events].filter(([, patch]) => patch.inPlay).map(([id]) => id);
  const finished = [...changes.events].filter(([, patch]) => patch.finished).map(([id]) => id);
  const inPlay = await tx.query<{ id: string }>(
    `UPDATE markets SET in_play = true, updated_at = now()
     WHERE event_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND NOT in_play RETURNING id`,
    [json(started)],
  );
  const closed = await tx.query<{ id: string }>(
    `UPDATE markets SET status = 'CLOSED', updated_at = now()
     WHERE event_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND status IN ('OPEN', 'SUSPENDED')
     RETURNING id`,
    [json(finished)],
  );
  return [...ids(inPlay), ...ids(closed)];
}

async function insertResults(tx: Sql, changes: FeedChanges): Promise<void> {
  const rows = changes.results.map(({ marketId, outcome, atMs }) => ({
    market_id: marketId,
    kind: outcome.kind,
    winner_runner_id: outcome.kind === 'WINNER' ? outcome.winnerRunnerId : null,
    placings: outcome.kind === 'WINNER' && outcome.placings ? outcome.placings : null,
    line_result: outcome.kind === 'LINE' ? outcome.lineResult : null,
    at_ms: atMs,
  }));
  await tx.query(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, placings, line_result, decided_at)
     SELECT x.market_id, x.kind, x.winner_runner_id, x.placings, x.line_result, to_timestamp(x.at_ms / 1000.0)
     FROM jsonb_to_recordset($1::jsonb) AS x(market_id text, kind text, winner_runner_id text,
       placings jsonb, line_result integer, at_ms bigint)
     ON CONFLICT (market_id) DO NOTHING`,
    [json(rows)],
  );
}

/**
 * Events of an earlier run that the feed no longer knows (its fixture ids never repeat): closed, with
 * their open markets, so nobody trades on a match that will never be priced or settled. Events mirrored
 * from another source (docs/decisions/0270) are that source's to close.
 */
async function closeAbandoned(
  tx: Sql,
  keepFixtureIds: readonly string[],
): Promise<{ eventId: string; marketIds: string[] }[]> {
  const events = await tx.query<{ id: string }>(
    `UPDATE events SET status = 'CLOSED', in_play = false, version = version + 1, updated_at = now()
     WHERE status IN ('SCHEDULED', 'IN_PLAY') AND NOT mirrored
       AND id NOT IN (SELECT jsonb_array_elements_text($1::jsonb))
     RETURNING id`,
    [json(keepFixtureIds)],
  );
  if (events.length === 0) return [];
  const markets = await tx.query<{ id: string; event_id: string }>(
    `UPDATE markets SET status = 'CLOSED', updated_at = now()
     WHERE event_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND status IN ('OPEN', 'SUSPENDED')
     RETURNING id, event_id`,
    [json(ids(events))],
  );
  return ids(events).map((eventId) => ({
    eventId,
    marketIds: markets.filter((m) => m.event_id === eventId).map((m) => m.id),
  }));
}
