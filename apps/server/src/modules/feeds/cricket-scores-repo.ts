import type { CricketScore } from '@backlay/betfair-stream';
import type { Sql } from '../../db/database.ts';

/** A feed's stored cricket score of one mirrored event (docs/decisions/0279). */
export type StoredCricketScore = { eventId: string; score: CricketScore };

export async function readCricketScores(
  sql: Sql,
  eventIds: readonly string[],
): Promise<Map<string, CricketScore>> {
  if (eventIds.length === 0) return new Map();
  const rows = await sql.query<{ event_id: string; score: CricketScore }>(
    'SELECT event_id, score FROM cricket_scores WHERE event_id = ANY($1::text[])',
    [eventIds],
  );
  return new Map(rows.map((row) => [row.event_id, row.score]));
}

export async function readEventCricketScore(sql: Sql, eventId: string): Promise<CricketScore | undefined> {
  return (await readCricketScores(sql, [eventId])).get(eventId);
}

export async function saveCricketScores(
  tx: Sql,
  feedId: string,
  scores: readonly StoredCricketScore[],
): Promise<void> {
  if (scores.length === 0) return;
  const rows = scores.map(({ eventId, score }) => ({
    event_id: eventId,
    source_event_id: score.eventId,
    pt: score.pt,
    score,
  }));
  await tx.query(
    `INSERT INTO cricket_scores (event_id, feed_id, source_event_id, pt, score)
     SELECT x.event_id, $1, x.source_event_id, x.pt, x.score
     FROM jsonb_to_recordset($2::jsonb) AS x(event_id text, source_event_id text, pt bigint, score jsonb)
     ON CONFLICT (event_id) DO UPDATE SET pt = EXCLUDED.pt, score = EXCLUDED.score`,
    [feedId, JSON.stringify(rows)],
  );
}
