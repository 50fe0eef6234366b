import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-db.ts';
import type { Database } from './database.ts';
import { sqlFunctions } from './functions/index.ts';
import { checksumOf, migrate, MigrationChangedError } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

async function migratedDatabase(): Promise<Database> {
  const db = await openTestDatabase();
  opened.push(db);
  return db;
}

/** A database with nothing in it: a new schema on PostgreSQL, a new PGlite otherwise. */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return track(await openPglite());
  const schema = `m_${randomBytes(6).toString('hex')}`;
  const db = await openPostgres({ url, schema, maxConnections: 4 });
  return track({
    ...db,
    close: async () => {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  });
}

function track(db: Database): Database {
  opened.push(db);
  return db;
}

/** What migrate() did before checksums were recorded, line for line. */
async function migrateWithoutChecksums(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of migrations) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    }
  });
}

const recordedRows = (db: Database) =>
  db.query<{ id: string; checksum: string | null; applied_at: Date }>(
    'SELECT id, checksum, applied_at FROM schema_migrations ORDER BY id',
  );

/** Every managed function's oid and full definition, to see whether anything moved. */
const functionDefinitions = (db: Database) =>
  db.query<{ signature: string; oid: number; definition: string }>(
    `SELECT s AS signature, to_regprocedure(s)::oid::int AS oid, pg_get_functiondef(to_regprocedure(s)) AS definition
       FROM unnest($1::text[]) s ORDER BY s`,
    [sqlFunctions.map((fn) => fn.signature)],
  );

const deposit = (db: Database, key: string) =>
  db.query<{ code: string | null; transfer_id: bigint | null }>(
    `SELECT code, transfer_id FROM ledger_transfer($1, 'fp', 'operator-funding', 'cash:m1', 500, 'DEPOSIT', '', '')`,
    [key],
  );

const openPlayer = (db: Database) =>
  db.query(
    `INSERT INTO accounts (account_id, kind, player_id) VALUES ('cash:m1', 'PLAYER_CASH', 'm1'),
       ('hold:m1', 'PLAYER_HOLD', 'm1')`,
  );

describe('migrate', () => {
  it('records a checksum per migration, and a second run applies and changes nothing', async () => {
    const db = await migratedDatabase();
    const before = await recordedRows(db);
    expect(before.map((row) => [row.id, row.checksum])).toEqual(
      migrations.map((migration) => [migration.id, checksumOf(migration.sql)]),
    );
    const functionsBefore = await functionDefinitions(db);
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    expect(await recordedRows(db)).toEqual(before);
    // Replaced in place: same oids, same text.
    expect(await functionDefinitions(db)).toEqual(functionsBefore);
  });

  it('refuses to start on a changed migration, names it and writes nothing', async () => {
    const db = await migratedDatabase();
    const before = await recordedRows(db);
    const changed = migrations.map((migration) =>
      migration.id === '003-ledger-functions'
        ? { ...migration, sql: `${migration.sql}\n-- edited` }
        : migration,
    );
    const attempt = migrate(db, {
      migrations: [...changed, { id: '900-probe', sql: 'CREATE TABLE migrate_probe (id int)' }],
    });
    await expect(attempt).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(attempt).rejects.toMatchObject({ migrationId: '003-ledger-functions' });
    await expect(attempt).rejects.toThrow(
      /^Migration 003-ledger-functions is not the text this database applied .*never edited.*new migration/,
    );
    expect(await recordedRows(db)).toEqual(before);
    expect(await db.query("SELECT to_regclass('migrate_probe') AS t")).toEqual([{ t: null }]);
  });

  it('restores tampered function bodies, trigger functions included', async () => {
    const db = await migratedDatabase();
    await openPlayer(db);
    expect(await deposit(db, 'before')).toMatchObject([{ code: null }]);
    await db.exec(`
      CREATE OR REPLACE FUNCTION ledger_move(p_account text, p_delta bigint) RETURNS bigint
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'tampered body'; END $$;
      CREATE OR REPLACE FUNCTION ledger_transfer(p_key text, p_fingerprint text, p_debit text, p_credit text,
        p_amount bigint, p_kind text, p_remark text, p_reference text,
        OUT code text, OUT replay jsonb, OUT transfer_id bigint, OUT balances jsonb)
      LANGUAGE plpgsql AS $$ BEGIN code := 'TAMPERED'; END $$;
      -- A BEFORE trigger answering NULL skips the row silently instead of refusing it.
      CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NULL; END $$;`);
    expect(await deposit(db, 'tampered')).toMatchObject([{ code: 'TAMPERED' }]);
    await expect(db.query("SELECT ledger_move('house', 1)")).rejects.toThrow(/tampered body/);
    await db.query("UPDATE transfers SET remark = 'rewritten'");
    expect(await db.query("SELECT 1 FROM transfers WHERE remark = 'rewritten'")).toEqual([]);

    expect(await migrate(db)).toEqual([]);
    expect(await deposit(db, 'restored')).toMatchObject([{ code: null }]);
    await expect(db.query("UPDATE transfers SET remark = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE transfers CASCADE')).rejects.toThrow(/append-only/);
  });

  it('upgrades a database migrated before checksums, with functions of older shapes', async () => {
    const db = await emptyDatabase();
    await migrateWithoutChecksums(db);
    await openPlayer(db);
    // As an older release left it: ledger_transfer answered jsonb (CREATE OR REPLACE cannot change
    // that), and ledger_move had an overload with other argument types.
    await db.exec(`
      DROP FUNCTION ledger_transfer(text, text, text, text, bigint, text, text, text);
      CREATE FUNCTION ledger_transfer(p_key text, p_fingerprint text, p_debit text, p_credit text,
        p_amount bigint, p_kind text, p_remark text, p_reference text) RETURNS jsonb
      LANGUAGE plpgsql AS $$ BEGIN RETURN jsonb_build_object('ok', false); END $$;
      CREATE FUNCTION ledger_move(p_account text, p_delta integer) RETURNS bigint
      LANGUAGE sql AS $$ SELECT NULL::bigint $$;`);

    expect(await migrate(db)).toEqual([]);
    expect((await recordedRows(db)).map((row) => [row.id, row.checksum])).toEqual(
      migrations.map((migration) => [migration.id, checksumOf(migration.sql)]),
    );
    expect(await deposit(db, 'upgraded')).toMatchObject([{ code: null }]);
    const overloads = await db.query<{ signature: string }>(
      "SELECT oid::regprocedure::text AS signature FROM pg_proc WHERE proname = 'ledger_move' AND pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())",
    );
    expect(overloads).toEqual([{ signature: 'ledger_move(text,bigint)' }]);
    // From now on the recorded text is enforced.
    const changed = migrations.map((m) => (m.id === '001-auth' ? { ...m, sql: `${m.sql} ` } : m));
    await expect(migrate(db, { migrations: changed })).rejects.toThrow(/Migration 001-auth /);
  });

  it('lets concurrent starts migrate one after the other', async () => {
    const db = await migratedDatabase();
    expect(await Promise.all([migrate(db), migrate(db), migrate(db)])).toEqual([[], [], []]);
  });
});

describe('managed SQL functions', () => {
  it('declare each signature as PostgreSQL prints it, one CREATE OR REPLACE FUNCTION each', async () => {
    const db = await migratedDatabase();
    for (const fn of sqlFunctions) {
      const name = fn.signature.slice(0, fn.signature.indexOf('('));
      expect(fn.sql.match(/CREATE OR REPLACE FUNCTION (\w+)\(/g)).toEqual([
        `CREATE OR REPLACE FUNCTION ${name}(`,
      ]);
      const [row] = await db.query<{ printed: string | null }>(
        'SELECT to_regprocedure($1)::text AS printed',
        [fn.signature],
      );
      expect(row?.printed).toBe(fn.signature);
    }
  });
});
