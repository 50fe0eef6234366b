import { PGlite, type Transaction } from '@electric-sql/pglite';
import { INT8_OID, parseInt8, type Database, type Sql } from './database.ts';

const toParams = (params?: readonly unknown[]): unknown[] | undefined =>
  params?.map((value) => (typeof value === 'bigint' ? value.toString() : value));

function wrap(runner: PGlite | Transaction): Sql {
  return {
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await runner.query<Row>(text, toParams(params));
      return result.rows;
    },
    async exec(script: string) {
      await runner.exec(script);
    },
  };
}

export type PgliteSource = { dataDir?: string; loadDataDir?: Blob };

/** Embedded PostgreSQL (WASM). One connection, so transactions are serialised by PGlite itself. */
export async function openPglite(source: PgliteSource = {}): Promise<Database & { raw: PGlite }> {
  const raw = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
    parsers: { [INT8_OID]: parseInt8 },
  });
  const base = wrap(raw);
  return {
    kind: 'pglite',
    raw,
    query: base.query,
    exec: base.exec,
    transaction: (fn) => raw.transaction((tx) => fn(wrap(tx))),
    close: () => raw.close(),
  };
}
