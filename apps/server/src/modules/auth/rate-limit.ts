import type { Sql } from '../../db/database.ts';

/**
 * Fixed-window counters in the database, so every portal instance sees the same counts (0040).
 * A reservation is ONE upsert: concurrent attempts on a key serialise on its row lock, so counting and
 * recording can never interleave the way a count-then-insert does under READ COMMITTED.
 */
export type CounterKey = { key: string; windowSeconds: number };
export type Reservation = { key: string; count: number; windowEndsAt: Date; retryAfterSeconds: number };

// Counts stop growing here: a flood cannot overflow the column, and any allowance is far below it.
const COUNT_CEILING = 1_000_000;

const byKey = (a: { key: string }, b: { key: string }): number =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

export const DEMO_LIMITS = { perAddress: 30, windowSeconds: 60 * 60 } as const;
export const TOO_MANY_DEMOS = 'Too many demo accounts opened from this address. Please try again later.';

/** Counts one attempt on every key (a new window starts when the old one has ended) and answers the counts. */
export async function reserve(sql: Sql, keys: readonly CounterKey[]): Promise<Reservation[]> {
  // One lock order for every caller: two multi-key reservations can then never deadlock.
  const sorted = [...keys].sort(byKey);
  const rows = await sql.query<{
    key: string;
    count: number;
    window_ends_at: Date;
    retry_after_seconds: number;
  }>(
    `INSERT INTO rate_counters AS c (key, count, window_ends_at)
     SELECT u.key, 1, now() + make_interval(secs => u.window_seconds)
       FROM unnest($1::text[], $2::int[]) AS u(key, window_seconds)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE least(c.count + 1, $3) END,
       window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
     RETURNING c.key, c.count, c.window_ends_at,
               greatest(1, ceil(extract(epoch FROM c.window_ends_at - now())))::int AS retry_after_seconds`,
    [sorted.map((k) => k.key), sorted.map((k) => k.windowSeconds), COUNT_CEILING],
  );
  return rows.map((row) => ({
    key: row.key,
    count: row.count,
    windowEndsAt: new Date(row.window_ends_at),
    retryAfterSeconds: row.retry_after_seconds,
  }));
}

/** Takes back reserved attempts, but only in the window they were counted in (a newer window keeps its count). */
export async function giveBack(sql: Sql, reservations: readonly Reservation[]): Promise<void> {
  if (reservations.length === 0) return;
  const sorted = [...reservations].sort(byKey);
  await sql.query(
    `UPDATE rate_counters AS c SET count = c.count - 1
       FROM unnest($1::text[], $2::timestamptz[]) AS u(key, window_ends_at)
      WHERE c.key = u.key AND c.window_ends_at = u.window_ends_at AND c.count > 0`,
    [sorted.map((r) => r.key), sorted.map((r) => r.windowEndsAt.toISOString())],
  );
}

/** Ended windows are worth nothing; a bounded delete keeps the table from growing with sprayed keys. */
export async function pruneEndedWindows(sql: Sql, maxRows = 1000): Promise<void> {
  await sql.query(
    `DELETE FROM rate_counters WHERE key IN (
       SELECT key FROM rate_counters WHERE window_ends_at < now() ORDER BY window_ends_at LIMIT $1)`,
    [maxRows],
  );
}

/** Reserves one demo account from the address's hourly allowance; answers the wait when it is used up. */
export async function allowDemoLogin(
  sql: Sql,
  address: string,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const [counter] = await reserve(sql, [
    { key: `demo:${address}`, windowSeconds: DEMO_LIMITS.windowSeconds },
  ]);
  if (!counter) throw new Error('demo allowance counter missing');
  if (counter.count <= DEMO_LIMITS.perAddress) return { allowed: true };
  return { allowed: false, retryAfterSeconds: counter.retryAfterSeconds };
}
