import type { Score } from '@backlay/contracts';
import type { MarketDef } from '@backlay/feed';
import type { Sql } from '../../db/database.ts';
import { insertEventMarkets } from './feed-insert.ts';

/**
 * A mirrored event's live score from its feed's sports data (docs/decisions/0279), in the feed's batch
 * transaction: written only when it changed, raising the event's version so the `score` topic orders
 * it. Answers the events changed; an event not (yet) mirrored is left alone.
 */
export async function setMirroredScores(
  tx: Sql,
  scores: readonly { eventId: string; score: Score }[],
): Promise<string[]> {
  if (scores.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `UPDATE events e SET score = x.score, version = e.version + 1, updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS x(event_id text, score jsonb)
     WHERE e.id = x.event_id AND e.mirrored AND e.score IS DISTINCT FROM x.score
     RETURNING e.id`,
    [JSON.stringify(scores.map(({ eventId, score }) => ({ event_id: eventId, score })))],
  );
  return rows.map((row) => row.id);
}

/**
 * The house's line markets on a mirrored event (docs/decisions/0279), inserted once with the catalogue's
 * house terms and in play as the event is. Answers the markets that are new.
 */
export async function insertMirroredLines(
  tx: Sql,
  eventId: string,
  markets: readonly MarketDef[],
): Promise<string[]> {
  const inserted = await insertEventMarkets(tx, [{ id: eventId, markets }]);
  if (inserted.length > 0)
    await tx.query(
      `UPDATE markets m SET in_play = e.in_play FROM events e
       WHERE e.id = m.event_id AND m.id = ANY($1::text[]) AND m.in_play IS DISTINCT FROM e.in_play`,
      [inserted],
    );
  return inserted;
}

/** Which of these events are mirrored from a feed. */
export async function readMirroredEventIds(sql: Sql, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    'SELECT id FROM events WHERE id = ANY($1::text[]) AND mirrored',
    [eventIds],
  );
  return new Set(rows.map((row) => row.id));
}
