import type { EventDetail, EventsResponse, SportsResponse } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { reject, ok, type Result } from '../../platform/rejections.ts';
import { readEventMarkets } from './market-read.ts';

type EventRow = {
  id: string;
  sport_slug: string;
  competition: string;
  name: string;
  start_time: Date | string;
  status: EventDetail['event']['status'];
  in_play: boolean;
  score: EventDetail['score'];
};

const EVENT_COLUMNS = `e.id, e.sport_slug, c.name AS competition, e.name, e.start_time, e.status, e.in_play, e.score`;
/** A sport's list stays a page, not the whole schedule. */
const MAX_LISTED_EVENTS = 200;

export async function listSports(sql: Sql): Promise<SportsResponse> {
  const rows = await sql.query<{
    slug: string;
    name: string;
    events: bigint | string;
    in_play: bigint | string;
  }>(
    `SELECT s.slug, s.name,
            count(e.id) FILTER (WHERE e.status IN ('SCHEDULED', 'IN_PLAY')) AS events,
            count(e.id) FILTER (WHERE e.status = 'IN_PLAY') AS in_play
     FROM sports s LEFT JOIN events e ON e.sport_slug = s.slug
     GROUP BY s.slug, s.name, s.sort_order ORDER BY s.sort_order`,
  );
  return {
    sports: rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      events: Number(row.events),
      inPlay: Number(row.in_play),
    })),
  };
}

/** Open events of one sport (in play first, then by start), each with its MATCH_ODDS runners. */
export async function listEvents(sql: Sql, sport: string | undefined): Promise<Result<EventsResponse>> {
  if (sport !== undefined) {
    const known = await sql.query(`SELECT 1 FROM sports WHERE slug = $1`, [sport]);
    if (known.length === 0) return reject('not_found', 'UNKNOWN_SPORT', `There is no sport "${sport}".`);
  }
  type Ladder = Record<
    string,
    { back: { price: number; size: string }[]; lay: { price: number; size: string }[] }
  >;
  const events = await sql.query<EventRow & { market_id: string | null; ladder: Ladder | null }>(
    `SELECT ${EVENT_COLUMNS}, m.id AS market_id, b.ladder
     FROM events e JOIN competitions c ON c.id = e.competition_id
     LEFT JOIN LATERAL (SELECT id FROM markets WHERE event_id = e.id AND type = 'MATCH_ODDS'
                        ORDER BY sort_order LIMIT 1) m ON true
     LEFT JOIN market_books b ON b.market_id = m.id
     WHERE e.status IN ('SCHEDULED', 'IN_PLAY') AND ($1::text IS NULL OR e.sport_slug = $1)
     ORDER BY e.in_play DESC, e.start_time, e.id LIMIT ${MAX_LISTED_EVENTS}`,
    [sport ?? null],
  );
  const runners = await sql.query<{ market_id: string; runner_id: string; name: string }>(
    `SELECT market_id, runner_id, name FROM runners
     WHERE market_id IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY market_id, sort_order`,
    [JSON.stringify(events.flatMap((e) => (e.market_id ? [e.market_id] : [])))],
  );
  return ok({
    events: events.map((row) => ({
      ...toEvent(row),
      marketId: row.market_id,
      // Best back and lay from the exchange's book; null while a side is empty.
      runners: runners
        .filter((r) => r.market_id === row.market_id)
        .map((r) => ({
          id: r.runner_id,
          name: r.name,
          back: row.ladder?.[r.runner_id]?.back[0] ?? null,
          lay: row.ladder?.[r.runner_id]?.lay[0] ?? null,
        })),
    })),
  });
}

export async function readEvent(sql: Sql, eventId: string): Promise<Result<EventDetail>> {
  const [row] = await sql.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events e JOIN competitions c ON c.id = e.competition_id WHERE e.id = $1`,
    [eventId],
  );
  if (!row) return reject('not_found', 'UNKNOWN_EVENT', 'There is no such event.');
  return ok({ event: toEvent(row), score: row.score, markets: await readEventMarkets(sql, eventId) });
}

function toEvent(row: EventRow): EventDetail['event'] {
  return {
    id: row.id,
    sport: row.sport_slug,
    competition: row.competition,
    name: row.name,
    startTime: new Date(row.start_time).toISOString(),
    inPlay: row.in_play,
    status: row.status,
  };
}
