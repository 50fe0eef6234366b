import { PGlite, type Transaction } from '@electric-sql/pglite';
import { INT8_OID, parseInt8, type Database, type Sql } from './database.ts';
import { StatementsInFlight } from './in-flight.ts';

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

/**
 * Runs fn on the transaction and waits for the statements it sent without awaiting them before PGlite
 * commits (the contract of Database.transaction): a failed one rolls everything back.
 */
async function withEveryStatement<T>(tx: Transaction, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const inner = wrap(tx);
  const inFlight = new StatementsInFlight();
  const result = await fn({
    query: (text, params) => inFlight.track(inner.query(text, params)),
    exec: (script) => inFlight.track(inner.exec(script)),
  });
  await inFlight.settled();
  return result;
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
    transaction: (fn) => raw.transaction((tx) => withEveryStatement(tx, fn)),
    close: () => raw.close(),
  };
}
