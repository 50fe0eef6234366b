import { ensureDatabase } from './database.ts';
import { startCluster, type Cluster } from './cluster.ts';

/**
 * `npm run cluster`: CLUSTER_SIZE portal instances (default 2) on DATABASE_URL and REDIS_URL (default:
 * this machine's PostgreSQL, database `backlay`, and Redis), the casino aggregator, and HAProxy in front
 * on PORT (default 8080) with the trading stream on BETFAIR_STREAM_PORT (default 8443). Ctrl-C stops the
 * portals (they drain and leave the balancer), then the aggregator, then the balancer.
 */
const env = process.env;
const size = Number(env.CLUSTER_SIZE || 2);
if (!Number.isInteger(size) || size < 1 || size > 16) {
  console.error('CLUSTER_SIZE must be a whole number from 1 to 16');
  process.exit(1);
}
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/backlay';
await ensureDatabase(databaseUrl);

/** Filled once started; a Ctrl-C during the start stops what has started so far at its end. */
const running: { cluster?: Cluster } = {};
let stopping = false;
let exitCode = 0;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  // During the start: it stops what it has started once it is done.
  if (!running.cluster) return;
  console.log('[cluster] stopping: portals, then the casino aggregator, then the balancer');
  await running.cluster.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop(130));
process.once('SIGTERM', () => void stop(143));

const cluster = await startCluster({
  size,
  port: Number(env.PORT || 8080),
  streamPort: Number(env.BETFAIR_STREAM_PORT ?? 8443),
  casinoPort: Number(env.CASINO_PORT || 8081),
  databaseUrl,
  redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
  output: process.stdout,
});
running.cluster = cluster;
if (stopping) {
  await cluster.stop();
  process.exit(exitCode);
}
for (const instance of cluster.instances) {
  void instance.exited.then((code) => {
    if (!stopping) console.error(`[cluster] ${instance.name} exited (${code}); the others go on`);
  });
}
console.log(`[cluster] ${size} portal instances behind HAProxy on ${cluster.url}`);
