import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

/** A fresh, migrated database: a PGlite copy of the template, or a new schema on PostgreSQL. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const db = await openPostgres({ url, schema, maxConnections: 30 });
    await migrate(db);
    return {
      ...db,
      close: async () => {
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplatePath'));
  return openPglite({ loadDataDir: new Blob([template]) });
}
