import type { ReadReplica } from '@backlay/contracts';
import { DatabaseUnavailableError } from './connection-errors.ts';
import type { Database } from './database.ts';

/**
 * Whether the read database is a standby, and how long ago the last transaction it replayed committed
 * on the primary: null on a primary, or on a standby that has replayed nothing since it started.
 */
const REPLICA_LAG_SQL = `SELECT pg_is_in_recovery() AS standby,
  CASE WHEN pg_is_in_recovery()
    THEN (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::bigint END AS lag_ms`;

/**
 * Where lists and reports read (docs/decisions/0308), asked of `readDb` itself. A standby that does not
 * answer is reported, not thrown: the console's dashboard carries this beside figures read on `db`.
 */
export async function readReplicaStatus(db: Database, readDb: Database): Promise<ReadReplica> {
  const configured = readDb !== db;
  try {
    const [row] = await readDb.query<{ standby: boolean; lag_ms: bigint | string | null }>(REPLICA_LAG_SQL);
    // The two hosts' clocks may differ by a little: a standby never counts as ahead.
    const lagMs = row?.lag_ms == null ? null : Math.max(0, Number(row.lag_ms));
    return { configured, reachable: true, standby: row?.standby === true, lagMs };
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    return { configured, reachable: false, standby: false, lagMs: null };
  }
}
