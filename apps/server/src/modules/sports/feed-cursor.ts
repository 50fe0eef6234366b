import type { Sql } from '../../db/database.ts';

/**
 * The built-in simulator's run (docs/decisions/0263): the seed, speed and wall time it began with give
 * the same fixtures and events again, so with how far its events are applied another instance can
 * rebuild it exactly there.
 */
export type FeedCursor = { seed: string; speed: number; originMs: number; appliedUntilMs: number };

/**
 * Runs older than this start anew: catching up blocks the taking instance for about 15 ms per hour
 * the run has lasted (about 1 s at this limit).
 */
export const MAX_RESUMED_RUN_MS = 3 * 24 * 3_600_000;

type CursorRow = {
  seed: string;
  speed: number;
  origin_ms: string | number;
  applied_until_ms: string | number;
};

export async function readFeedCursor(sql: Sql): Promise<FeedCursor | null> {
  const [row] = await sql.query<CursorRow>(
    'SELECT seed, speed, origin_ms, applied_until_ms FROM feed_cursor WHERE id = 1',
  );
  if (!row) return null;
  const { seed, speed } = row;
  return {
    seed,
    speed: Number(speed),
    originMs: Number(row.origin_ms),
    appliedUntilMs: Number(row.applied_until_ms),
  };
}

/** In the batch's own transaction: the cursor never runs ahead of, or behind, what is applied. */
export async function saveFeedCursor(sql: Sql, cursor: FeedCursor): Promise<void> {
  await sql.query(
    `INSERT INTO feed_cursor (id, seed, speed, origin_ms, applied_until_ms) VALUES (1, $1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET seed = $1, speed = $2, origin_ms = $3, applied_until_ms = $4`,
    [cursor.seed, cursor.speed, cursor.originMs, cursor.appliedUntilMs],
  );
}

/** The stored run, when this feed's settings can continue it now. */
export function resumableRun(
  cursor: FeedCursor | null,
  settings: { seed: string; speed: number },
  nowMs: number,
): FeedCursor | null {
  if (!cursor || cursor.seed !== settings.seed || cursor.speed !== settings.speed) return null;
  if (nowMs < cursor.appliedUntilMs || nowMs - cursor.originMs > MAX_RESUMED_RUN_MS) return null;
  return cursor;
}
