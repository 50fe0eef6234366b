import type { Database } from '../db/database.ts';
import { isPostgresDatabase } from '../db/postgres.ts';
import { InProcessBus, RedisBus, type Bus } from './bus.ts';
import { PgBus } from './pg-bus.ts';

// The choice of bus knows every kind of bus, so it lives apart from them: pg-bus.ts implements the Bus
// of bus.ts, and bus.ts never has to import it back.

/**
 * Redis when configured (its channels under `redisPrefix`); else PostgreSQL's own notifications when
 * there is PostgreSQL; else in-process.
 */
export function createBus(redisUrl: string | undefined, db?: Database, redisPrefix?: string): Bus {
  if (redisUrl) return new RedisBus(redisUrl, redisPrefix);
  if (db && isPostgresDatabase(db)) return new PgBus(db);
  return new InProcessBus();
}
