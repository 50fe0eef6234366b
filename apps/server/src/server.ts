import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { composeDeps } from './compose.ts';
import { openDatabase, openReadDatabase } from './db/open.ts';
import { loadEnv } from './env.ts';
import { DEMO_TRAFFIC_CAST, seedDemoTree } from './demo-tree.ts';
import { seed } from './seed.ts';
import { agentChains, learnOpenBettors } from './modules/agents/index.ts';
import { startBetfairStream } from './modules/betfair/index.ts';
import { casinoRounds } from './modules/casino/index.ts';
import { startExchange } from './modules/exchange/index.ts';
import { startFeeds } from './modules/feeds/index.ts';
import { startProtection } from './modules/protection/index.ts';
import { startRoundShares } from './modules/shares/index.ts';
import { startFeed } from './modules/sports/index.ts';
import { startTables, tableRounds } from './modules/tables/index.ts';
import { startDemoTraffic } from './modules/traffic/index.ts';

const env = loadEnv();
const db = await openDatabase(env);
const readDb = await openReadDatabase(env, db);
const deps = composeDeps(env, db, { readDb });
await seed(deps);
await seedDemoTree(deps);

const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const backofficeDistDir = fileURLToPath(new URL('../../backoffice/dist', import.meta.url));
const app = await buildApp({ ...deps, webDistDir, backofficeDistDir, logger: true });

async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  // Balancers see 503 first and move new requests elsewhere while this instance still serves them.
  deps.lifecycle.beginDrain();
  if (env.DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, env.DRAIN_SECONDS * 1_000));
  // Workers drain first (their last changes still reach open sockets, /healthz answers 503 meanwhile);
  // then the sockets and HTTP close. A second signal kills at once (the handlers are `once`).
  await deps.lifecycle.stop();
  await app.close();
  await deps.bus.close();
  if (readDb !== db) await readDb.close();
  await db.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// The odds feed runs in the server only: tests that build the app start it when they ask for it.
await startFeed({
  ...deps,
  log: app.log,
  leases: deps.units.leases,
  onMarketsChanged: (ids) => deps.exchange.marketsChanged(ids),
});
await startExchange(deps.lifecycle, deps.exchange);
// The Exchange Stream API for trading clients, on its own TLS port (off when BETFAIR_STREAM_PORT=0).
await startBetfairStream(deps.lifecycle, { ...deps, log: app.log });
// Session limits end sessions; a new day sets loss limits' floors anew.
await startProtection(deps.lifecycle, deps);
// Every table's round loop and the crash loop, hosted on this instance while it owns them.
startTables(deps);
// Casino, table and crash results shared up the agent chain, by the one instance holding the job's lease.
await startRoundShares({ ...deps, agentChains, leases: deps.units.leases }, [tableRounds, casinoRounds]);
// Replays and live streams of Betfair data, each run by the instance that owns its unit.
await startFeeds(deps);
// With DEMO_TRAFFIC, the demo network's players bet now and then, on one instance of a cluster.
await startDemoTraffic(
  { ...deps, tables: app.tablesModule, leases: deps.units.leases, log: app.log },
  DEMO_TRAFFIC_CAST,
);
await deps.lifecycle.start();
await app.listen({ port: env.PORT, host: env.HOST });
// The open markets' bettors' agents, learned in the background: the house's first book reads none.
learnOpenBettors(readDb).catch((error: unknown) => app.log.warn({ error }, 'bettors not learned ahead'));
if (env.DATABASE_READ_URL && readDb === db) {
  app.log.warn('DATABASE_READ_URL is not used: the embedded database has no standby');
}
// unitOwner is this instance's name in unit_leases.owner, so an operator can tell which process owns a unit.
app.log.info(
  { unitOwner: deps.units.instanceId },
  `Backlay portal on http://localhost:${env.PORT} (database: ${db.kind})`,
);
