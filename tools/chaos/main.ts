/**
 * `npm run chaos` (`-- --short` or CHAOS_SHORT=1 for CI): a cluster of CHAOS_SIZE portal instances
 * (default 2) on a fresh PostgreSQL database and a Redis of its own, under a steady load of exchange
 * bets, crash bets, table bets and casino callbacks through HAProxy, goes through four faults one after
 * another: kill -9 of the owner of the busiest market and the crash loop, SIGTERM of an owner, a Redis
 * restart, and every PostgreSQL connection cut; a stopped owner starts again and joins under load, taking
 * the units it wins by hash with no request failing. After each it checks every answered request against the
 * database, the ledger audit and the busiest market's book, and prints the table; the exit code is 1 when
 * anything was lost, doubled, moved by a refusal, or service took longer than the target
 * (docs/decisions/0261). CHAOS_DATABASE_URL names the PostgreSQL server (default the local one).
 *
 * `-- --ha`: the database is a primary with a synchronous standby of the run's own behind PgBouncer
 * (decision 0303), and the faults are kill -9 of the primary node, of the standby node and of PgBouncer;
 * a lost node starts again and must stream as the standby. Same checks: no acknowledged write lost.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMinor } from '@backlay/ledger';
import { marketLimits, TABLE_GAMES } from '@backlay/tables';
import pg from 'pg';
import { startCluster, type PortalInstance } from '../cluster/cluster.ts';
import { runDatabase } from '../cluster/run-database.ts';
import { freePort } from '../portal-process.ts';
import { ClusterLog } from './cluster-log.ts';
import { FAULTS, HA_FAULTS, runFaults, type RunPlan } from './run.ts';
import { HttpClient } from './http.ts';
import { openMarkets, leaseOwner } from './leases.ts';
import { Load, type Market } from './load.ts';
import { ADMIN, createPlayers } from './players.ts';
import { privateRedis, waitForPort } from './redis.ts';
import { causes } from './record.ts';
import { formatCheck, formatTable } from './report.ts';
import { CRASH_UNIT, crashOwner, marketUnit, restartInstance, type FaultContext } from './faults.ts';
import { waitFor } from './wait.ts';

const short = process.argv.includes('--short') || process.env.CHAOS_SHORT === '1';
const withHa = process.argv.includes('--ha');
const size = Number(process.env.CHAOS_SIZE || 2);
if (!Number.isInteger(size) || size < 2 || size > 8) {
  console.error('CHAOS_SIZE must be a whole number from 2 to 8');
  process.exit(1);
}
const WALLET_SECRET = process.env.CASINO_WALLET_SECRET || 'backlay-wallet-secret-local';
const PLAYERS = 20;
const plan: RunPlan = short
  ? { beforeMs: 2_000, afterServiceMs: 6_000, settleMs: 2_000, targetSeconds: 12 }
  : { beforeMs: 5_000, afterServiceMs: 20_000, settleMs: 3_000, targetSeconds: 12 };
const rates = short
  ? { busiest: 40, others: 10, crash: 10, table: 10, casino: 15 }
  : { busiest: 60, others: 15, crash: 15, table: 15, casino: 25 };

const say = (line: string) => console.log(`[chaos] ${line}`);
const startedMs = Date.now();
const server = process.env.CHAOS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const log = new ClusterLog(join(tmpdir(), `backlay-chaos-${Date.now()}.log`));
const redisPort = await freePort();
const redis = privateRedis(redisPort, log);
const cleanups: (() => Promise<unknown>)[] = [];
let exitCode = 1;

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error: unknown) => console.error(`[chaos] cleaning up: ${String(error)}`));
  }
  cleanups.length = 0;
  log.close();
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  const database = await runDatabase({
    serverUrl: server,
    name: `chaos_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`,
    ha: withHa,
    output: log,
  });
  database.ha?.watch((primary) => say(`the primary is now ${primary?.name ?? 'none (failing over)'}`));
  const databaseUrl = database.url;
  say(
    `${short ? 'short' : 'full'} run: ${size} instances, database ${database.name}${withHa ? ' on a primary with a synchronous standby' : ''}, Redis on ${redisPort}; process output in ${log.path}`,
  );
  // CHAOS_KEEP_DATABASE=1 leaves it for a look afterwards.
  if (process.env.CHAOS_KEEP_DATABASE === '1' && !withHa) say(`the database stays: ${databaseUrl}`);
  else cleanups.push(() => database.drop());
  redis.start();
  cleanups.push(() => redis.stop());
  await waitForPort(redisPort, 30_000);

  const cluster = await startCluster({
    size,
    port: await freePort(),
    streamPort: 0,
    casinoPort: await freePort(),
    databaseUrl,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    keepWhileDatabaseAway: withHa,
    ...(database.readUrl ? { readDatabaseUrl: database.readUrl } : {}),
    portalEnv: {
      // Crash and table rounds twice as fast, so that several run through every fault.
      TABLE_SPEED: '2',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CASINO_WALLET_SECRET: WALLET_SECRET,
      SUPPORT_CASH_LIMIT: '1000000.00',
    },
    output: log,
  });
  cleanups.push(() => cluster.stop());
  say(`cluster up in ${((Date.now() - startedMs) / 1000).toFixed(0)} s behind ${cluster.url}`);
  await waitFor('every instance to announce its unit owner id', () => log.ownerNames.size >= size, 60_000);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // The database cut ends these connections too; the pool opens new ones.
  pool.on('error', () => {});
  cleanups.push(() => pool.end());
  // Sockets enough that the load never queues in the client: while a unit has no owner its commands
  // wait up to 5 s, and a queue here would delay every other request and blur what is measured.
  const client = new HttpClient(cluster.url, 1_000);
  const pollClient = new HttpClient(cluster.url, 4, 2_000);
  cleanups.push(async () => client.close());
  cleanups.push(async () => pollClient.close());
  const players = await createPlayers(client, pool, PLAYERS);
  say(`${players.length} players signed up and funded through the balancer`);

  const context: FaultContext = {
    cluster,
    log,
    pool,
    redis,
    redisPort,
    databaseUrl,
    busiestMarketId: '',
    ...(database.ha ? { ha: database.ha } : {}),
  };
  const chooseMarkets = async () => {
    await waitFor(
      'open exchange markets from the feed',
      async () => (await openMarkets(pool, 4)).length >= 4,
      120_000,
      500,
    );
    const { owner, busiest } = await colocate(context, players[0]!.token);
    const others = (await openMarkets(pool, 12, context.log.ownerOf(owner.name)))
      .filter((market) => market.id !== busiest.id)
      .slice(0, 3);
    context.busiestMarketId = busiest.id;
    say(
      `busiest market ${busiest.id} and the crash loop both on ${owner.name}; ${others.length} other markets`,
    );
    return { busiest, others };
  };
  const { busiest, others } = await chooseMarkets();

  const game = TABLE_GAMES[0]!;
  const tableMarket = game.markets[0]!;
  const load = new Load({
    client,
    pollClient,
    players,
    busiest,
    others,
    table: {
      id: game.id,
      marketId: tableMarket.id,
      stake: formatMinor(marketLimits(game, tableMarket).minStakeMinor),
    },
    rates,
    walletSecret: WALLET_SECRET,
  });
  load.start();
  cleanups.push(() => load.stop());
  const products = ['exchange', 'crash', 'table', 'casino'] as const;
  const answered = (product: string) =>
    load.sent.some((request) => request.product === product && request.outcome === '2xx');
  await waitFor('a 2xx for every product', () => products.every(answered), 90_000, 250).catch(
    (error: unknown) => {
      const missing = products.filter((product) => !answered(product));
      const sent = products.map(
        (product) => `${product} ${load.sent.filter((request) => request.product === product).length}`,
      );
      throw new Error(
        `${String(error)}: none for ${missing.join(', ')}; sent ${sent.join(', ')}; not 2xx: ${causes(load.sent) || 'none'}`,
      );
    },
  );
  say(
    `load running: ${Object.entries(rates)
      .map(([name, rate]) => `${name} ${rate}/s`)
      .join(', ')}`,
  );

  // The feed's simulator starts anew on the instance that takes it over and closes the fixtures of the
  // one before; and a restarted instance takes the units it wins by hash back (docs/decisions/0305),
  // which may part the busiest market from the crash loop. The load then moves before the next fault.
  const reselect = async () => {
    const together =
      (await leaseOwner(pool, marketUnit(context.busiestMarketId))) === (await leaseOwner(pool, CRASH_UNIT));
    if (together && (await marketOpen(pool, context.busiestMarketId))) return;
    const chosen = await chooseMarkets();
    load.setMarkets(chosen.busiest, chosen.others);
  };
  const faults = withHa ? HA_FAULTS : FAULTS;
  const result = await runFaults(context, load, players[0]!.token, plan, say, reselect, faults);
  await load.stop();
  console.log('');
  console.log(formatTable(result.rows));
  console.log('');
  for (const check of result.checks) console.log(formatCheck(check));
  const failed = result.checks.filter((check) => !check.ok);
  say(
    `${failed.length === 0 ? 'passed' : `FAILED (${failed.map((check) => check.name).join('; ')})`} in ${((Date.now() - startedMs) / 1000).toFixed(0)} s`,
  );
  exitCode = failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`[chaos] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`[chaos] the processes' warnings and errors are in ${log.path}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);

/**
 * The busiest market must live with the crash loop, so that one kill takes both: a market the crash
 * loop's owner holds already, else a free one it takes with a first bet sent straight to it (a unit runs
 * where it is first used). When the feed's owner has taken every market, the crash loop's owner is
 * restarted gracefully, so that its loop moves (to the feed's owner, with two instances).
 */
async function colocate(
  context: FaultContext,
  token: string,
): Promise<{ owner: PortalInstance; busiest: Market }> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    const { instance, id } = await crashOwner(context);
    const busiest = await marketWith(instance.url, id, token, context.pool);
    if (busiest) return { owner: instance, busiest };
    say(
      `no open market can live with the crash loop on ${instance.name}: restarting it so that the loop moves`,
    );
    await instance.stop();
    await waitFor(
      'the crash loop to move',
      async () => {
        const now = await leaseOwner(context.pool, CRASH_UNIT);
        return now !== null && now !== id;
      },
      60_000,
    );
    await restartInstance(context, instance.name);
  }
  throw new Error('could not bring the crash loop and an open market onto one instance');
}

async function marketOpen(pool: pg.Pool, marketId: string): Promise<boolean> {
  const { rows } = await pool.query("SELECT 1 FROM markets WHERE id = $1 AND status = 'OPEN'", [marketId]);
  return rows.length > 0;
}

async function marketWith(
  ownerUrl: string,
  ownerId: string,
  token: string,
  pool: pg.Pool,
): Promise<Market | null> {
  const markets = await openMarkets(pool, 10, ownerId);
  const held = markets.find((market) => market.owner === ownerId);
  if (held) return held;
  const direct = new HttpClient(ownerUrl, 2);
  try {
    for (const market of markets.filter((candidate) => candidate.owner === null).slice(0, 3)) {
      const body = {
        marketId: market.id,
        runnerId: market.runnerId,
        side: 'BACK',
        price: 1000,
        stake: market.stake,
        clientRef: randomUUID(),
      };
      await direct.post('/api/bets', body, { authorization: `Bearer ${token}` });
      if ((await leaseOwner(pool, marketUnit(market.id))) === ownerId) return market;
    }
    return null;
  } finally {
    direct.close();
  }
}
