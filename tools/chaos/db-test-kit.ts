import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase } from '../../apps/server/src/test/test-db.ts';

/** What the seeding helpers write through: the test database's own query. */
export type Seeder = {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
};

export type CheckerDatabase = {
  /** What the checkers read through, as the chaos run hands them its pool. */
  pool: pg.Pool;
  db: Seeder;
  close(): Promise<void>;
};

/**
 * A fresh database built by the app's own migrations, as the server's integration tests get one: a new
 * schema of the PostgreSQL that DATABASE_URL names (dropped on close), else a copy of the migrated PGlite
 * template. The checkers take a pg.Pool: on PostgreSQL a pool of their own in the test's schema; on
 * PGlite, its one connection behind the two calls they make (query, and connect for a snapshot).
 */
export async function openCheckerDatabase(): Promise<CheckerDatabase> {
  const db = await openTestDatabase();
  const schema = (db as { schema?: string }).schema;
  const url = process.env.DATABASE_URL;
  if (db.kind === 'postgres' && url && schema) {
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
    return {
      pool,
      db,
      close: async () => {
        await pool.end();
        await db.close();
      },
    };
  }
  const client = {
    query: async (text: string, params?: unknown[]) => ({ rows: await db.query(text, params) }),
    release: () => {},
  };
  const pool = { query: client.query, connect: async () => client } as unknown as pg.Pool;
  return { pool, db, close: () => db.close() };
}

/** A checker database for one test file: opened before its tests, closed (and dropped) after them. */
export function useCheckerDatabase(): CheckerDatabase {
  const database = {} as CheckerDatabase;
  beforeAll(async () => {
    Object.assign(database, await openCheckerDatabase());
  });
  afterAll(() => database.close?.());
  return database;
}
