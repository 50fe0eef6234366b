import type pg from 'pg';

/** The part of a pooled connection the checks read through. */
export type SnapshotReader = Pick<pg.PoolClient, 'query'>;

/**
 * Runs `read` in one REPEATABLE READ snapshot, so that the load's concurrent commits cannot tear what
 * it reads (a batch writes bets, fills, books and holds in one transaction: a snapshot sees all or none).
 */
export async function inSnapshot<T>(pool: pg.Pool, read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await read(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection that failed (the database cut, say) is discarded rather than lent again.
    client.release(failure);
  }
}
