import pg from 'pg';
import { isConnectionError, toDatabaseError } from './connection-errors.ts';
import { INT8_OID, parseInt8, type Database, type PoolStats, type Sql } from './database.ts';
import { StatementsInFlight, unawaited } from './in-flight.ts';

const toParams = (params?: readonly unknown[]): unknown[] | undefined =>
  params?.map((value) => (typeof value === 'bigint' ? value.toString() : value));

export type PostgresOptions = {
  url: string;
  schema?: string;
  maxConnections?: number;
  /** Shown in pg_stat_activity; defaults to `backlay` plus the schema, so each pool can be told apart. */
  applicationName?: string;
  /** A request waits at most this long for a connection before it answers 503 (default 5 s). */
  connectTimeoutMs?: number;
  /** Where a lost connection is reported, one line each (default: stderr). */
  log?: (line: string) => void;
};

/** PostgreSQL with what the cross-process bus needs: its own sessions for LISTEN, and a channel key. */
export interface PostgresDatabase extends Database {
  readonly kind: 'postgres';
  /** The schema the pool works in (`public` unless isolated); databases on one server stay apart by it. */
  readonly schema: string;
  readonly applicationName: string;
  stats(): PoolStats;
  /** A new, unpooled connection with the pool's settings; LISTEN needs a session of its own. */
  newClient(purpose: string): pg.Client;
}

export const isPostgresDatabase = (db: Database): db is PostgresDatabase =>
  db.kind === 'postgres' && typeof (db as Partial<PostgresDatabase>).newClient === 'function';

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
// application_name is cut to 63 bytes by the server; keep ours whole so tests can find it.
const MAX_APPLICATION_NAME = 63;

const defaultLog = (line: string) => console.warn(line);

/**
 * A PostgreSQL pool that outlives its server: a connection the server drops (restart, failover,
 * pg_terminate_backend) is logged and discarded, a call that cannot reach the server throws
 * DatabaseUnavailableError (503), and the pool opens fresh connections once the server is back.
 * `schema` isolates a database per test file on a shared server.
 */
export async function openPostgres(options: PostgresOptions): Promise<PostgresDatabase> {
  const log = options.log ?? defaultLog;
  const schema = options.schema ?? 'public';
  const applicationName = (
    options.applicationName ?? (options.schema ? `backlay:${options.schema}` : 'backlay')
  ).slice(0, MAX_APPLICATION_NAME);
  const connection = {
    connectionString: options.url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // Notices a peer that vanished without closing the socket (a failed-over host) within minutes.
    keepAlive: true,
  };
  const pool = new pg.Pool({
    ...connection,
    // A pooled connection writes a statement without waiting for the answer to the one before, so a
    // transaction's BEGIN travels with its first statement (inTransaction).
    pipeline: true,
    application_name: applicationName,
    max: options.maxConnections ?? 20,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID
          ? parseInt8
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection closed by the server emits 'error' on the pool; unheard, it would end the process.
  // The pool has already discarded that connection and opens a new one on demand.
  pool.on('error', (error) => log(`database connection lost (${describe(error)}); reconnecting on demand`));
  if (options.schema) {
    await run(() => pool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`));
  }
  const sql: Sql = {
    async query<Row>(text: string, params?: readonly unknown[]) {
      return (await run(() => pool.query(text, toParams(params)))).rows as Row[];
    },
    async exec(script: string) {
      await run(() => pool.query(script));
    },
  };
  return {
    kind: 'postgres',
    schema,
    applicationName,
    query: sql.query,
    exec: sql.exec,
    transaction: (fn) => inTransaction(pool, fn, log),
    stats: () => ({
      totalConnections: pool.totalCount,
      idleConnections: pool.idleCount,
      waitingRequests: pool.waitingCount,
    }),
    newClient: (purpose) =>
      new pg.Client({
        ...connection,
        application_name: `${applicationName}:${purpose}`.slice(0, MAX_APPLICATION_NAME),
      }),
    close: () => pool.end(),
  };
}

/** A COMMIT the server answered with ROLLBACK: a statement failed and fn went on as if it had not. */
class RolledBackError extends Error {
  constructor() {
    super('the transaction was rolled back: one of its statements failed');
  }
}

async function run<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toDatabaseError(error);
  }
}

/**
 * BEGIN … COMMIT on one pooled client. A client whose connection broke is released with the error so
 * the pool destroys it instead of lending it again, and a ROLLBACK that fails on a dead connection
 * never hides the error that ended the transaction.
 */
async function inTransaction<T>(
  pool: pg.Pool,
  fn: (tx: Sql) => Promise<T>,
  log: (line: string) => void,
): Promise<T> {
  const client = await run(() => pool.connect());
  let broken: Error | undefined;
  // While a client is lent out the pool does not listen to it; a connection dropped between two
  // statements would otherwise emit an unheard 'error' and end the process.
  const onError = (error: Error) => {
    if (!broken) log(`database connection lost in a transaction (${describe(error)})`);
    broken ??= error;
  };
  client.on('error', onError);
  try {
    // Every statement is sent at once (the pool pipelines): BEGIN travels with the first statement,
    // and COMMIT with the statements fn did not wait for, which are awaited before the transaction
    // counts as committed. Had one of them failed, the server answers the COMMIT by rolling back.
    const inFlight = new StatementsInFlight();
    const send = (text: string, params?: readonly unknown[]) =>
      inFlight.track(run(() => client.query(text, toParams(params))));
    void send('BEGIN');
    const result = await fn({
      query: <Row>(text: string, params?: readonly unknown[]) =>
        unawaited(send(text, params).then((answer) => answer.rows as Row[])),
      exec: (script: string) => unawaited(send(script).then(() => undefined)),
    });
    const committed = send('COMMIT');
    await inFlight.settled();
    if ((await committed).command !== 'COMMIT') throw new RolledBackError();
    return result;
  } catch (error) {
    if (!broken && isConnectionError(error)) broken = error as Error;
    if (!broken) broken = await rollback(client);
    throw error;
  } finally {
    // A broken client keeps its listener: a late 'error' from the dying socket must stay heard.
    if (!broken) client.off('error', onError);
    client.release(broken);
  }
}

/** Answers the error when the rollback itself failed (the connection is then unusable). */
async function rollback(client: pg.PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}
