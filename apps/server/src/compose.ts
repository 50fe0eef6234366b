import type { AppDeps, AppHooks } from './app-deps.ts';
import type { Database } from './db/database.ts';
import type { Env } from './env.ts';
import type { Bus } from './lib/bus.ts';
import { createBus } from './lib/create-bus.ts';
import { AdmissionGate } from './modules/admission/index.ts';
import {
  agentChains,
  readAgentProfile,
  readSubtreeExposures,
  TREE_STANDING,
  treeLoginRefusal,
} from './modules/agents/index.ts';
import { CasinoWallet } from './modules/casino/index.ts';
import { DEFAULT_MAKER, ExchangeService } from './modules/exchange/index.ts';
import { signInRefusal, standingReadsWith } from './modules/protection/index.ts';
import { WalletService } from './modules/wallet/index.ts';
import { Lifecycle } from './platform/lifecycle.ts';
import { StreamRegistry } from './platform/stream/index.ts';
import { leaseTimings, UnitRouter } from './platform/units/index.ts';

/**
 * Wires the domain services around one database; the single place that knows every module. Lists and
 * reports read `readDb`, a standby's pool (docs/decisions/0308), or `db` itself when none is given.
 */
export function composeDeps(
  env: Env,
  db: Database,
  {
    bus = createBus(env.REDIS_URL, db, env.REDIS_PREFIX),
    readDb = db,
  }: { bus?: Bus; readDb?: Database } = {},
): AppDeps {
  const wallet = new WalletService(db, bus);
  const admission = new AdmissionGate(
    db,
    { ...standingReadsWith(TREE_STANDING), subtreeExposures: readSubtreeExposures },
    bus,
  );
  const hooks: AppHooks = {
    onPlayerCreated: (userId, reason) => wallet.onPlayerCreated(userId, reason),
    // A login lock above the account refuses first (docs/decisions/0290); then the player's own breaks.
    signInRefusal: async (sql, userId, nowMs) =>
      (await treeLoginRefusal(sql, userId)) ?? signInRefusal(sql, userId, nowMs),
    agentProfile: readAgentProfile,
  };
  const lifecycle = new Lifecycle();
  // Its `units` worker joins the lifecycle with the first unit kind a module registers.
  const units = new UnitRouter({
    db,
    bus,
    lifecycle,
    log: lifecycleLog(lifecycle),
    options: {
      ...leaseTimings(env.UNIT_LEASE_MS),
      pins: env.UNIT_PIN,
      ...(env.INSTANCE_NAME ? { instanceName: env.INSTANCE_NAME } : {}),
    },
  });
  const streams = new StreamRegistry(bus);
  const exchange = new ExchangeService(
    { db, wallet, admission, units, streams, log: lifecycleLog(lifecycle), agentChains },
    {
      ...DEFAULT_MAKER,
      mirror: {
        ticks: env.MIRROR_TICKS,
        sizeBasisPoints: env.MIRROR_SIZE_PERCENT,
        liabilityCapMinor: env.MIRROR_MARKET_CAP,
      },
    },
  );
  const casinoWallet = new CasinoWallet({
    db,
    wallet,
    admission,
    bus,
    paths: env.CASINO_WALLET_FAST_PATHS === 'on' ? 'all' : 'read',
  });
  return {
    env,
    db,
    readDb,
    hooks,
    bus,
    wallet,
    admission,
    lifecycle,
    streams,
    units,
    exchange,
    casinoWallet,
  };
}

/** The app's log once `buildApp` attached it to the lifecycle (the deps are built before the app). */
const lifecycleLog = (lifecycle: Lifecycle) => ({
  warn: (object: object, message: string) => lifecycle.options.log?.warn(object, message),
  error: (object: object, message: string) => lifecycle.options.log?.error(object, message),
});
