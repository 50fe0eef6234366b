import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CASINO, PORTAL } from '../../deploy/processes.ts';
import { freePort } from '../portal-process.ts';
import { haproxyConfig, type Backend } from './haproxy-config.ts';
import { ensureHaproxy } from './haproxy-install.ts';
import { Supervised, waitForHealthy } from './supervised.ts';

export type ClusterOptions = {
  /** Portal instances (CLUSTER_SIZE). */
  size: number;
  /** The balancer's HTTP port (PORT). */
  port: number;
  /** The balancer's trading-stream port (BETFAIR_STREAM_PORT); 0: no stream. */
  streamPort: number;
  casinoPort: number;
  databaseUrl: string;
  /** DATABASE_READ_URL for every instance: where lists and reports read (decision 0308). */
  readDatabaseUrl?: string;
  redisUrl: string;
  /** More environment for every portal instance (TABLE_SPEED, DEMO_DATA, …). */
  portalEnv?: Record<string, string>;
  /** Where the processes' output goes, each line prefixed with its name; null drops it. */
  output: NodeJS.WritableStream | null;
  /** Prefixes every instance's cpu list (`taskset -c`), one entry per instance, e.g. ['0', '1']. */
  cpus?: readonly string[];
  /** How the balancer picks an instance (haproxy-config.ts); by player by default. */
  balance?: 'leastconn' | 'player';
  /** Instances stay in the balancer while only the database is away (haproxy-config.ts; --ha). */
  keepWhileDatabaseAway?: boolean;
};

export type PortalInstance = Supervised & { url: string; backend: Backend };

export type Cluster = {
  /** The balancer: the cluster's one address. */
  url: string;
  instances: PortalInstance[];
  casino: Supervised;
  balancer: Supervised;
  /** Starts a stopped or killed instance again, on its own ports, and waits until it is healthy. */
  restart(instance: PortalInstance): Promise<void>;
  /** Stops everything in order: the portals drain (each leaves the balancer as it does), then the rest. */
  stop(): Promise<void>;
};

const READY_TIMEOUT_MS = 120_000;

/**
 * Starts `size` portal instances on one PostgreSQL and one Redis, the casino aggregator and HAProxy in
 * front of them, and resolves once the balancer answers. The instances start at once, as they would
 * after a deployment: the first to take the migration lock migrates, the others wait for it.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const workDir = mkdtempSync(join(tmpdir(), 'backlay-cluster-'));
  const url = `http://127.0.0.1:${options.port}`;
  const casinoUrl = `http://127.0.0.1:${options.casinoPort}`;
  const instances: PortalInstance[] = [];
  for (let index = 1; index <= options.size; index++) {
    const backend = { name: `portal-${index}`, httpPort: await freePort(), streamPort: await freePort() };
    const dataDir = join(workDir, backend.name);
    mkdirSync(dataDir);
    const cpu = options.cpus?.[index - 1];
    const command = cpu ? ['taskset', '-c', cpu, ...PORTAL.command] : PORTAL.command;
    const env = {
      ...process.env,
      ...options.portalEnv,
      HOST: '127.0.0.1',
      PORT: String(backend.httpPort),
      BETFAIR_STREAM_PORT: options.streamPort > 0 ? String(backend.streamPort) : '0',
      DATA_DIR: dataDir,
      // Stable across restarts, unlike the unit owner id: what UNIT_PIN names (decision 0309).
      INSTANCE_NAME: backend.name,
      DATABASE_URL: options.databaseUrl,
      ...(options.readDatabaseUrl ? { DATABASE_READ_URL: options.readDatabaseUrl } : {}),
      REDIS_URL: options.redisUrl,
      // Clusters sharing this machine's Redis (a developer's, a bench's, chaos) hear only their own bus.
      REDIS_PREFIX: process.env.REDIS_PREFIX ?? `backlay:${options.port}:`,
      CASINO_URL: casinoUrl,
      CASINO_PORT: String(options.casinoPort),
      // Only the balancer on this machine may say who the client is.
      TRUST_PROXY: 'loopback',
      // On SIGTERM, /healthz answers 503 for this long first: HAProxy (checks every second, two
      // failures) stops sending new requests before the instance stops anything.
      DRAIN_SECONDS: '3',
    };
    const instance = new Supervised({ name: backend.name, command, env, output: options.output });
    instances.push(Object.assign(instance, { url: `http://127.0.0.1:${backend.httpPort}`, backend }));
  }
  const casino = new Supervised({
    name: 'casino',
    command: CASINO.command,
    env: { ...process.env, HOST: '127.0.0.1', CASINO_PORT: String(options.casinoPort), PORTAL_URL: url },
    output: options.output,
  });
  const configFile = join(workDir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    haproxyConfig({
      httpPort: options.port,
      streamPort: options.streamPort,
      backends: instances.map((instance) => instance.backend),
      health: PORTAL.health,
      ...(options.balance ? { balance: options.balance } : {}),
      ...(options.keepWhileDatabaseAway ? { keepWhileDatabaseAway: true } : {}),
    }),
  );
  const balancer = new Supervised({
    name: 'haproxy',
    command: [await ensureHaproxy(options.output), '-db', '-f', configFile],
    env: process.env,
    output: options.output,
  });

  const healthy = (instance: PortalInstance) =>
    waitForHealthy(`${instance.url}${PORTAL.health}`, READY_TIMEOUT_MS, () => instance.running);
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await casino.stop();
    await balancer.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    for (const instance of instances) instance.start();
    await Promise.all(instances.map(healthy));
    casino.start();
    await waitForHealthy(`${casinoUrl}${CASINO.health}`, READY_TIMEOUT_MS, () => casino.running);
    balancer.start();
    await waitForHealthy(`${url}${PORTAL.health}`, READY_TIMEOUT_MS, () => balancer.running);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    instances,
    casino,
    balancer,
    async restart(instance) {
      await instance.stop();
      instance.start();
      await healthy(instance);
    },
    stop,
  };
}
