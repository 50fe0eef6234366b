import { createHash } from 'node:crypto';
import type { Database, Sql } from './database.ts';
import { applyFunctions } from './functions/apply.ts';
import { sqlFunctions, type SqlFunction } from './functions/index.ts';
import { migrations as releasedMigrations } from './migrations/index.ts';

// Any constant works; it only has to be the same for every instance sharing one database.
const MIGRATION_LOCK_KEY = 4_242_001;

export type Migration = { readonly id: string; readonly sql: string };

/** What migrate() applies; tests pass other lists, the server always uses the defaults. */
export type MigrationPlan = {
  readonly migrations?: readonly Migration[];
  readonly functions?: readonly SqlFunction[];
};

/** SHA-256 of a migration's SQL text, recorded when it is applied (docs/decisions/0060). */
export const checksumOf = (sql: string): string => createHash('sha256').update(sql, 'utf8').digest('hex');

/** A migration's text differs from the text this database applied: the server refuses to start. */
export class MigrationChangedError extends Error {
  override readonly name = 'MigrationChangedError';

  constructor(
    readonly migrationId: string,
    readonly recordedChecksum: string,
    readonly currentChecksum: string,
  ) {
    super(
      `Migration ${migrationId} is not the text this database applied (recorded SHA-256 ` +
        `${recordedChecksum.slice(0, 12)}…, this build ${currentChecksum.slice(0, 12)}…). Released ` +
        `migrations are never edited, so the server will not start and has changed nothing. Run a build ` +
        `whose apps/server/src/db/migrations/${migrationId}.ts is the released text, with the change ` +
        `moved to a new migration (SQL functions belong in apps/server/src/db/functions/). Only if the ` +
        `edit is known to change nothing in the database (comments, whitespace), accept it with ` +
        `UPDATE schema_migrations SET checksum = NULL WHERE id = '${migrationId}'; and start again.`,
    );
  }
}

/**
 * Applies pending migrations, then (re)applies every SQL function, in one transaction under an advisory
 * lock, so concurrent starts are safe. Refuses with MigrationChangedError, before writing anything, when
 * an applied migration's text has changed. Answers the ids of the migrations it applied.
 */
export async function migrate(db: Database, plan: MigrationPlan = {}): Promise<string[]> {
  const migrations = plan.migrations ?? releasedMigrations;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const recorded = await recordedChecksums(tx);
    for (const migration of migrations) {
      const recordedChecksum = recorded.get(migration.id);
      if (recordedChecksum && recordedChecksum !== checksumOf(migration.sql)) {
        throw new MigrationChangedError(migration.id, recordedChecksum, checksumOf(migration.sql));
      }
    }
    const applied: string[] = [];
    for (const migration of migrations) {
      if (recorded.has(migration.id)) {
        // Applied before checksums were recorded: its current text is taken as the applied one, once.
        if (recorded.get(migration.id) === null) await recordChecksum(tx, migration);
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [
        migration.id,
        checksumOf(migration.sql),
      ]);
      applied.push(migration.id);
    }
    await applyFunctions(tx, plan.functions ?? sqlFunctions);
    return applied;
  });
}

/** Creates the table, or adds the checksum column to one made before checksums existed. */
async function recordedChecksums(tx: Sql): Promise<Map<string, string | null>> {
  await tx.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
  const rows = await tx.query<{ id: string; checksum: string | null }>(
    'SELECT id, checksum FROM schema_migrations',
  );
  return new Map(rows.map((row) => [row.id, row.checksum]));
}

async function recordChecksum(tx: Sql, migration: Migration): Promise<void> {
  await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE id = $1 AND checksum IS NULL', [
    migration.id,
    checksumOf(migration.sql),
  ]);
}
