/** The narrow database surface the server uses, implemented by embedded PGlite and by PostgreSQL. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction; any throw rolls everything back. A statement fn sent but did not await
   * is awaited before the commit, and its failure rolls everything back too: the last write of a unit
   * need not be awaited, so that PostgreSQL receives it and the COMMIT together.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connection pool figures for metrics; absent for the embedded database. */
  stats?(): PoolStats;
}

export type PoolStats = { totalConnections: number; idleConnections: number; waitingRequests: number };

export const INT8_OID = 20;

/** BIGINT columns hold money in minor units: parse them to bigint, never to a float. */
export const parseInt8 = (value: string): bigint => BigInt(value);
