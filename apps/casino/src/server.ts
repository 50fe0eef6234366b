import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadEnv } from './env.ts';
import { fileJournal } from './state/journal.ts';
import { CasinoStore } from './state/store.ts';
import { WalletOutbox } from './wallet/outbox.ts';
import { httpWallet } from './wallet/wallet-client.ts';

/** A wallet callback without an answer after this is treated as lost (a bet is then rolled back). */
const WALLET_TIMEOUT_MS = 5000;

const env = loadEnv();
const nowMs = () => Date.now();
const store = CasinoStore.open(fileJournal(join(env.DATA_DIR, 'casino')), {
  nowMs,
  instance: randomBytes(3).toString('hex'),
});
const wallet = httpWallet({
  portalUrl: env.PORTAL_URL,
  secret: env.CASINO_WALLET_SECRET,
  timeoutMs: WALLET_TIMEOUT_MS,
});
const webDistDir = fileURLToPath(new URL('../web/dist', import.meta.url));

// The outbox logs through the app's logger, which exists once the app is built.
let log: { warn(o: object, m: string): void; error(o: object, m: string): void } = console;
const outbox = new WalletOutbox({
  store,
  wallet,
  nowMs,
  log: { warn: (o, m) => log.warn(o, m), error: (o, m) => log.error(o, m) },
});
const app = await buildApp({ env, store, outbox, nowMs, webDistDir, logger: true });
log = app.log;

async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await outbox.stop();
  store.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// Bets left without an answer by the last run are rolled back; wins and rollbacks resume retrying.
outbox.recover();
outbox.start();
await app.listen({ port: env.CASINO_PORT, host: env.HOST });
app.log.info(`Backlay casino aggregator on ${env.CASINO_URL} (wallet: ${env.PORTAL_URL})`);
