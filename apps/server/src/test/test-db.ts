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
        await dropSchema(db, schema);
        await db.close();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplatePath'));
  return openPglite({ loadDataDir: new Blob([template]) });
}

/**
 * DROP SCHEMA locks every table of the schema one after another; a transaction still finishing on
 * another pooled connection can hold two of them in the other order, and PostgreSQL then ends one of
 * the two with a deadlock. The drop is tried again once the other transaction is gone.
 */
async function dropSchema(db: Database, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      return;
    } catch (error) {
      if (attempt === 5 || (error as { code?: string }).code !== '40P01') throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
