/** One PostgreSQL node as pg_auto_failover's monitor lists it (pgautofailover.node). */
export type MonitorNode = {
  name: string;
  host: string;
  port: number;
  /** The state the node's keeper last reported. */
  reportedState: string;
  /** The state the monitor assigned to it. */
  goalState: string;
};

export type DatabaseTarget = { host: string; port: number };

// The states in which a node takes writes: alone, primary with its standby catching up, or primary.
const WRITABLE = new Set(['single', 'wait_primary', 'primary']);

/**
 * The node that takes writes, or null while there is none (during a failover). A node counts only when
 * its keeper reports a writable state AND the monitor still assigns one: once the monitor demotes a
 * primary, it stops counting even though its keeper (or nobody, when it died) has not said so yet.
 */
export function writablePrimary(nodes: readonly MonitorNode[]): MonitorNode | null {
  const writable = nodes.filter((node) => WRITABLE.has(node.reportedState) && WRITABLE.has(node.goalState));
  return writable.length === 1 ? writable[0]! : null;
}

/**
 * Where lists and reports read (decision 0308): the standby while it streams as the monitor wants it,
 * else the primary (reads go on, fresher), else nobody.
 */
export function readNode(nodes: readonly MonitorNode[]): MonitorNode | null {
  const streaming = nodes.find(
    (node) => node.reportedState === 'secondary' && node.goalState === 'secondary',
  );
  return streaming ?? writablePrimary(nodes);
}

/** The PgBouncer database that follows `readNode`: the portals' DATABASE_READ_URL. */
export const readDatabase = (database: string) => `${database}_read`;

/** True while a standby waits for its base backup or catches up (a CHECKPOINT on the primary speeds it). */
export const standbyJoining = (nodes: readonly MonitorNode[]): boolean =>
  nodes.some((node) => node.goalState === 'catchingup' || node.reportedState === 'wait_standby');

/**
 * A port nothing listens on. While there is no primary, PgBouncer points here: its connects are refused at
 * once, so it answers every waiting client with an error (a 503 at the portal) instead of holding it.
 */
export const NOWHERE_PORT = 1;

export type PgbouncerConfig = {
  port: number;
  /** The one database the portals use; its name is the same on PgBouncer and PostgreSQL. */
  database: string;
  user: string;
  /** The server's password for `user`, when it asks for one. */
  password?: string;
  /** The current primary; null while a failover has none. */
  target: DatabaseTarget | null;
  /** Where `<database>_read` goes (readNode); null: nowhere. */
  readTarget: DatabaseTarget | null;
};

/**
 * PgBouncer's ini in transaction mode (the portals hold no session state between transactions: their
 * migration lock is a transaction's, their bus is Redis). It cannot follow a failover by itself: the
 * cluster tool rewrites the [databases] line and reloads it when the monitor names a new primary.
 * Short timeouts make a missing server an error within seconds rather than a wait: server_login_retry
 * 1 s instead of 15, query_wait_timeout 5 s instead of 120.
 */
export function pgbouncerIni(config: PgbouncerConfig): string {
  const nowhere = { host: '127.0.0.1', port: NOWHERE_PORT };
  const line = (alias: string, target: DatabaseTarget | null) =>
    `${alias} = host=${(target ?? nowhere).host} port=${(target ?? nowhere).port} dbname=${config.database} user=${config.user}${config.password ? ` password=${config.password}` : ''}`;
  return [
    '[databases]',
    ...(config.target ? [] : ['; no primary right now (failover): connects are refused at once']),
    line(config.database, config.target),
    line(readDatabase(config.database), config.readTarget),
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${config.port}`,
    'unix_socket_dir =',
    // Loopback only, like the nodes' own `--auth trust`.
    'auth_type = any',
    `admin_users = ${config.user}`,
    'pool_mode = transaction',
    'max_client_conn = 2000',
    'default_pool_size = 40',
    'server_connect_timeout = 2',
    'server_login_retry = 1',
    'query_wait_timeout = 5',
    'ignore_startup_parameters = extra_float_digits,options',
    // One line per client connection would drown the cluster's output.
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
}
