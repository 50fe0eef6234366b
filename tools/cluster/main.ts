import { ensureDatabase } from './database.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { startHaPostgres, type HaPostgres } from './ha-postgres.ts';
import { maxConnections, poolerNeeded, startPooler, type Pooler } from './pooler.ts';
import { portOf, StateFile, type ClusterProcess } from './state-file.ts';

const HELP = `npm run cluster [-- [--ha] [--balance player|leastconn]]

CLUSTER_SIZE portal instances (default 2) on DATABASE_URL and REDIS_URL (default: this machine's
PostgreSQL, database \`backlay\`, and Redis), the casino aggregator, and HAProxy in front on PORT
(default 8080) with the trading stream on BETFAIR_STREAM_PORT (default 8443). Ctrl-C stops the
portals (they drain and leave the balancer), then the aggregator, then the balancer.

--balance player     (the default) each player's requests, sockets and casino wallet callbacks on one
                     instance, by the routing key their tokens start with (docs/decisions/0306)
--balance leastconn  each request to the instance with the fewest connections

When CLUSTER_SIZE × DATABASE_POOL_SIZE (default 20) passes the server's max_connections less 10,
the portals reach it through PgBouncer in transaction mode, started here (Debian package installed
when missing).

--ha   PostgreSQL of its own instead of DATABASE_URL: a primary with one synchronous standby and
       automatic failover by pg_auto_failover (a monitor and two keepers, run as the postgres OS
       user), PgBouncer in front, re-pointed by this tool when the monitor names a new primary
       (docs/decisions/0303-ha-postgres.md). Installs the Debian packages it lacks.

While it runs, .cluster/state.json lists every process: role, pid, port, data directory.`;

const args = process.argv.slice(2);
const BALANCES = ['player', 'leastconn'] as const;
const balanceAt = args.indexOf('--balance');
const balance = balanceAt >= 0 ? BALANCES.find((name) => name === args[balanceAt + 1]) : 'player';
const known = (arg: string, index: number) =>
  arg === '--ha' || (balanceAt >= 0 && (index === balanceAt || index === balanceAt + 1));
if (args.includes('--help') || !balance || args.some((arg, index) => !known(arg, index))) {
  console.log(HELP);
  process.exit(args.includes('--help') ? 0 : 1);
}
const env = process.env;
const size = Number(env.CLUSTER_SIZE || 2);
if (!Number.isInteger(size) || size < 1 || size > 16) {
  console.error('CLUSTER_SIZE must be a whole number from 1 to 16');
  process.exit(1);
}
const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
const casinoPort = Number(env.CASINO_PORT || 8081);
const stateFile = new StateFile();

/** Filled once started; a Ctrl-C during the start stops what has started so far at its end. */
const running: { cluster?: Cluster; ha?: HaPostgres; pooler?: Pooler; refresh?: NodeJS.Timeout } = {};
let stopping = false;
let exitCode = 0;
async function stopAll(): Promise<void> {
  clearInterval(running.refresh);
  await running.cluster?.stop();
  await running.ha?.stop();
  await running.pooler?.stop();
  stateFile.remove();
}
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  // During the start: it stops what it has started once it is done.
  if (!running.cluster) return;
  console.log('[cluster] stopping: portals, then the casino aggregator, then the balancer');
  await stopAll();
  process.exit(code);
}
// Every signal, not once: a terminal's Ctrl-C reaches this process twice (tsx relays it), and the second
// must not end the cleanup half-way, leaving the aggregator, the balancer or PgBouncer behind.
process.on('SIGINT', () => void stop(130));
process.on('SIGTERM', () => void stop(143));

let databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/backlay';
/** The PostgreSQL server itself, when PgBouncer stands in front of it. */
let serverUrl = databaseUrl;
if (args.includes('--ha')) {
  running.ha = await startHaPostgres({ database: 'backlay', output: process.stdout }).catch(async (error) => {
    console.error(`[cluster] highly available PostgreSQL did not start: ${String(error)}`);
    process.exit(1);
  });
  databaseUrl = running.ha.url;
  if (stopping) {
    await stopAll();
    process.exit(exitCode);
  }
} else {
  await ensureDatabase(databaseUrl);
  await poolWhenNeeded();
}

/** PgBouncer in front when the instances' pools together would pass the server's max_connections. */
async function poolWhenNeeded(): Promise<void> {
  const poolSize = Number(env.DATABASE_POOL_SIZE || 20);
  const max = await maxConnections(databaseUrl);
  if (!poolerNeeded(size, poolSize, max)) return;
  running.pooler = await startPooler(databaseUrl, process.stdout);
  console.log(
    `[cluster] ${size} instances × ${poolSize} connections pass max_connections ${max}: the portals use PgBouncer (transaction mode) on ${running.pooler.url}`,
  );
  serverUrl = databaseUrl;
  databaseUrl = running.pooler.url;
}

const cluster = await startCluster({
  size,
  port: Number(env.PORT || 8080),
  streamPort: Number(env.BETFAIR_STREAM_PORT ?? 8443),
  casinoPort,
  databaseUrl,
  ...(running.ha ? { readDatabaseUrl: running.ha.readUrl } : {}),
  redisUrl,
  output: process.stdout,
  keepWhileDatabaseAway: !!running.ha,
  balance,
});
running.cluster = cluster;
if (stopping) {
  await stopAll();
  process.exit(exitCode);
}
for (const instance of cluster.instances) {
  void instance.exited.then((code) => {
    if (!stopping) console.error(`[cluster] ${instance.name} exited (${code}); the others go on`);
  });
}

/** Every process of the cluster as .cluster/state.json lists it. */
function processes(): ClusterProcess[] {
  const list: ClusterProcess[] = cluster.instances.map((instance) => ({
    role: 'portal',
    name: instance.name,
    pid: instance.pid ?? null,
    port: instance.backend.httpPort,
  }));
  list.push(
    { role: 'casino', name: 'casino', pid: cluster.casino.pid ?? null, port: casinoPort },
    { role: 'haproxy', name: 'haproxy', pid: cluster.balancer.pid ?? null, port: portOf(cluster.url) },
    { role: 'redis', name: 'redis', pid: null, port: portOf(redisUrl) },
  );
  // Without --ha the database is not the cluster's own: its pid is not known here.
  if (running.ha) list.push(...running.ha.processes());
  else list.push({ role: 'postgres-primary', name: 'postgres', pid: null, port: portOf(serverUrl) });
  const pooler = running.pooler;
  if (pooler)
    list.push({
      role: 'pgbouncer',
      name: 'pgbouncer',
      pid: pooler.process.pid ?? null,
      port: portOf(pooler.url),
    });
  return list;
}
stateFile.write(processes());
// Pids change when a node or an instance restarts; the file is rewritten only when something did.
running.refresh = setInterval(() => stateFile.write(processes()), 1_000);
running.ha?.watch((primary) => {
  console.log(
    primary
      ? `[cluster] the primary is now ${primary.name} (${primary.host}:${primary.port}); PgBouncer re-pointed`
      : '[cluster] no primary (failover under way); PgBouncer refuses until one is promoted',
  );
  stateFile.write(processes());
});
console.log(`[cluster] ${size} portal instances behind HAProxy on ${cluster.url}, balanced by ${balance}`);
