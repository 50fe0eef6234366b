import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../portal-process.ts';
import {
  pgbouncerIni,
  readDatabase,
  readNode,
  standbyJoining,
  writablePrimary,
  type DatabaseTarget,
  type MonitorNode,
} from './ha-config.ts';
import { ensureDebianBinary } from './haproxy-install.ts';
import { OS_USER, postgresOwner } from './os-user.ts';
import { pgbouncerProcess, workFolder } from './pgbouncer.ts';
import { postmasterPid, type ClusterProcess } from './state-file.ts';
import { Supervised } from './supervised.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const NODE_NAMES = ['node1', 'node2'] as const;
type NodeName = (typeof NODE_NAMES)[number];
const START_TIMEOUT_MS = 180_000;
const POLL_MS = 1_000;
// pg_basebackup waits for a spread checkpoint (minutes); an explicit one on the primary ends it at once.
const CHECKPOINT_EVERY_MS = 3_000;
/** The monitor's timings, in ms (decision 0303): see MonitorState.tune. */
const MONITOR_SETTINGS = {
  health_check_period: 1_000,
  health_check_timeout: 1_000,
  health_check_max_retries: 1,
  health_check_retry_delay: 500,
  node_considered_unhealthy_timeout: 4_000,
  primary_demote_timeout: 4_000,
};

export type HaPostgresOptions = { database: string; output: NodeJS.WritableStream | null };

export type HaPostgres = {
  /** What the portals use: PgBouncer, which the watcher points at the current primary. */
  url: string;
  /** What lists and reports read (DATABASE_READ_URL): PgBouncer's alias that follows the standby. */
  readUrl: string;
  primary(): MonitorNode | null;
  /** The nodes as the monitor last listed them. */
  nodes(): MonitorNode[];
  /** A node's keeper (with its PostgreSQL) or PgBouncer, to stop and start again. */
  process(name: NodeName | 'pgbouncer'): Supervised;
  processes(): ClusterProcess[];
  /** Polls the monitor every second: re-points PgBouncer after a failover. */
  watch(onPrimaryChange: (primary: MonitorNode | null) => void): void;
  stop(): Promise<void>;
};

type Node = { name: string; port: number; dataDir: string; keeper: Supervised };

/**
 * PostgreSQL with one synchronous standby and automatic failover by pg_auto_failover (decision 0303): a
 * monitor, a primary and a standby, each a `pg_autoctl` keeper running as the `postgres` OS user over
 * its own data directory in a throw-away folder, and PgBouncer in front of whichever node is primary.
 */
export async function startHaPostgres(options: HaPostgresOptions): Promise<HaPostgres> {
  const pgAutoctl = ensureDebianBinary(
    '/usr/bin/pg_autoctl',
    ['postgresql-15-auto-failover', 'pg-auto-failover-cli'],
    options.output,
  );
  const workDir = workFolder('backlay-ha-');
  const owner = postgresOwner();
  const asPostgres = (command: string[]) =>
    owner ? ['setpriv', '--reuid', OS_USER, '--regid', OS_USER, '--init-groups', ...command] : command;
  const env = {
    ...process.env,
    HOME: workDir,
    XDG_CONFIG_HOME: join(workDir, 'config'),
    XDG_DATA_HOME: join(workDir, 'share'),
    PG_CONFIG: `${PG_BIN}/pg_config`,
  };
  const common = ['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--pgctl', `${PG_BIN}/pg_ctl`];
  const monitorPort = await freePort();
  const monitorDir = join(workDir, 'monitor');
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const monitor = new Supervised({
    name: 'pg-monitor',
    command: asPostgres([
      pgAutoctl,
      'create',
      'monitor',
      '--pgdata',
      monitorDir,
      '--pgport',
      `${monitorPort}`,
      ...common,
      '--run',
    ]),
    env,
    output: options.output,
  });
  const nodes: Node[] = [];
  for (const name of NODE_NAMES) {
    const port = await freePort();
    const dataDir = join(workDir, name);
    const command = [pgAutoctl, 'create', 'postgres', '--pgdata', dataDir, '--pgport', `${port}`, ...common];
    command.push('--name', name, '--dbname', options.database, '--monitor', monitorUrl, '--run');
    nodes.push({
      name,
      port,
      dataDir,
      keeper: new Supervised({
        name: `pg-${name}`,
        command: asPostgres(command),
        env,
        output: options.output,
      }),
    });
  }
  const bouncerPort = await freePort();
  const iniFile = join(workDir, 'pgbouncer.ini');
  const bouncer = pgbouncerProcess(iniFile, options.output);
  const targets = () => ({
    target: toTarget(writablePrimary(state.nodes)),
    readTarget: toTarget(readNode(state.nodes)),
  });
  const writeIni = (written: ReturnType<typeof targets>) =>
    writeFileSync(
      iniFile,
      pgbouncerIni({ port: bouncerPort, database: options.database, user: OS_USER, ...written }),
      { mode: 0o644 },
    );

  const state = new MonitorState(monitorUrl.replace('autoctl_node@', `${OS_USER}@`));
  let timer: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearTimeout(timer);
    await bouncer.stop();
    await Promise.all(nodes.map((node) => node.keeper.stop()));
    await monitor.stop();
    await state.close();
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    monitor.start();
    await until('the monitor answers', () => state.poll().then(() => true), monitor);
    await state.tune();
    for (const node of nodes) {
      node.keeper.start();
      await until(
        `${node.name} joins`,
        async () => {
          await state.poll();
          await state.nudgeCheckpoint();
          return state.nodes.some(
            (known) => known.name === node.name && ['single', 'secondary'].includes(known.reportedState),
          );
        },
        node.keeper,
      );
    }
    writeIni(targets());
    bouncer.start();
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `postgres://${OS_USER}@127.0.0.1:${bouncerPort}/${options.database}`;
  return {
    url,
    readUrl: `postgres://${OS_USER}@127.0.0.1:${bouncerPort}/${readDatabase(options.database)}`,
    primary: () => writablePrimary(state.nodes),
    nodes: () => state.nodes,
    process: (name) => (name === 'pgbouncer' ? bouncer : nodes.find((node) => node.name === name)!.keeper),
    processes: () => processes(),
    watch(onPrimaryChange) {
      let current = targets();
      const tick = async () => {
        await state.poll().catch((error) => options.output?.write(`[cluster] monitor: ${String(error)}\n`));
        const next = targets();
        if (JSON.stringify(next) !== JSON.stringify(current)) {
          const primaryMoved = JSON.stringify(next.target) !== JSON.stringify(current.target);
          current = next;
          writeIni(next);
          bouncer.signal('SIGHUP');
          if (primaryMoved) onPrimaryChange(writablePrimary(state.nodes));
        }
        await state.nudgeCheckpoint().catch(() => undefined);
        timer = setTimeout(() => void tick(), POLL_MS);
      };
      timer = setTimeout(() => void tick(), POLL_MS);
    },
    stop,
  };

  function processes(): ClusterProcess[] {
    const primary = writablePrimary(state.nodes);
    const list: ClusterProcess[] = [
      {
        role: 'postgres-monitor',
        name: 'monitor',
        pid: postmasterPid(monitorDir),
        port: monitorPort,
        dataDir: monitorDir,
      },
      { role: 'pgbouncer', name: 'pgbouncer', pid: bouncer.pid ?? null, port: bouncerPort },
    ];
    for (const node of nodes) {
      const role = primary?.name === node.name ? 'postgres-primary' : 'postgres-standby';
      list.push({
        role,
        name: node.name,
        pid: postmasterPid(node.dataDir),
        port: node.port,
        dataDir: node.dataDir,
      });
      list.push({
        role: 'pg-autoctl',
        name: node.name,
        pid: node.keeper.pid ?? null,
        port: null,
        dataDir: node.dataDir,
      });
    }
    list.push({
      role: 'pg-autoctl',
      name: 'monitor',
      pid: monitor.pid ?? null,
      port: null,
      dataDir: monitorDir,
    });
    return list;
  }
}

const toTarget = (node: MonitorNode | null): DatabaseTarget | null =>
  node ? { host: node.host, port: node.port } : null;

/** Resolves once `ready()` is true, polling every second; rejects when `process` exits or time runs out. */
async function until(what: string, ready: () => Promise<boolean>, process: Supervised): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!process.running) throw new Error(`${process.name} exited before ${what}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${what}: not within ${START_TIMEOUT_MS} ms`);
}

/** What the monitor last said about the nodes, read over one connection that reconnects when lost. */
class MonitorState {
  nodes: MonitorNode[] = [];
  private client: pg.Client | undefined;
  private lastCheckpoint = 0;

  constructor(private readonly url: string) {}

  async poll(): Promise<void> {
    const client = await this.connect();
    try {
      const result = await client.query<MonitorNode>(
        `SELECT nodename AS name, nodehost AS host, nodeport AS port,
                reportedstate::text AS "reportedState", goalstate::text AS "goalState"
           FROM pgautofailover.node ORDER BY nodeid`,
      );
      this.nodes = result.rows;
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  /**
   * Failover within seconds, not the defaults' 50 s (20 s until a silent node is unhealthy, then 30 s for
   * an unreachable primary to demote itself): the portals reach a node only through PgBouncer, which the
   * watcher points at the node the monitor says takes writes, so a cut-off old primary gets no clients;
   * and it cannot commit without its synchronous standby anyway.
   */
  async tune(): Promise<void> {
    const client = await this.connect();
    for (const [setting, value] of Object.entries(MONITOR_SETTINGS))
      await client.query(`ALTER SYSTEM SET pgautofailover.${setting} = ${value}`);
    await client.query('SELECT pg_reload_conf()');
  }

  /** A CHECKPOINT on the primary while a standby waits for its base backup, at most every few seconds. */
  async nudgeCheckpoint(): Promise<void> {
    const primary = writablePrimary(this.nodes);
    if (!primary || !standbyJoining(this.nodes) || Date.now() - this.lastCheckpoint < CHECKPOINT_EVERY_MS)
      return;
    this.lastCheckpoint = Date.now();
    const client = new pg.Client({
      host: primary.host,
      port: primary.port,
      user: OS_USER,
      database: 'postgres',
      connectionTimeoutMillis: 2_000,
    });
    await client.connect();
    try {
      await client.query('CHECKPOINT');
    } finally {
      await client.end();
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => void this.close());
    await client.connect();
    this.client = client;
    return client;
  }
}
