import { mkdirSync } from 'node:fs';
import type { Env } from '../env.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/**
 * PostgreSQL when DATABASE_URL is set (a pool of DATABASE_POOL_SIZE connections at most), otherwise
 * embedded PGlite persisted in DATA_DIR.
 * `applicationName` tells the portal's connections from the admin CLI's in pg_stat_activity.
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Env, 'DATABASE_POOL_SIZE'>>,
  options: { applicationName?: string } = {},
): Promise<Database> {
  let db: Database;
  if (env.DATABASE_URL) {
    db = await openPostgres({
      url: env.DATABASE_URL,
      applicationName: options.applicationName,
      maxConnections: env.DATABASE_POOL_SIZE,
    });
  } else {
    mkdirSync(env.DATA_DIR, { recursive: true });
    db = await openPglite({ dataDir: `${env.DATA_DIR}/pglite` });
  }
  await migrate(db);
  return db;
}
