import { mkdirSync } from 'node:fs';
import type { Env } from '../env.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { isPostgresDatabase, openPostgres } from './postgres.ts';

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

/**
 * The database lists and reports read (docs/decisions/0308): a pool of its own on DATABASE_READ_URL, a
 * standby of the PostgreSQL `db` is on, in the same schema; `db` itself when unset or embedded (PGlite
 * has no standby). Never migrated: a standby takes its schema from the primary.
 */
export async function openReadDatabase(
  env: Pick<Env, 'DATABASE_READ_URL'> & Partial<Pick<Env, 'DATABASE_POOL_SIZE'>>,
  db: Database,
): Promise<Database> {
  if (!env.DATABASE_READ_URL || !isPostgresDatabase(db)) return db;
  return openPostgres({
    url: env.DATABASE_READ_URL,
    ...(db.schema === 'public' ? {} : { schema: db.schema }),
    applicationName: `${db.applicationName}:read`,
    maxConnections: env.DATABASE_POOL_SIZE,
  });
}
