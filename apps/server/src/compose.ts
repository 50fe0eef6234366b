import type { AppDeps, AppHooks } from './app-deps.ts';
import type { Database } from './db/database.ts';
import type { Env } from './env.ts';
import { createBus, type Bus } from './lib/bus.ts';
import { WalletService } from './modules/wallet/index.ts';
import { Lifecycle } from './platform/lifecycle.ts';

/** Wires the domain services around one database; the single place that knows every module. */
export function composeDeps(env: Env, db: Database, bus: Bus = createBus(env.REDIS_URL, db)): AppDeps {
  const wallet = new WalletService(db, bus);
  const hooks: AppHooks = {
    onPlayerCreated: (userId, reason) => wallet.onPlayerCreated(userId, reason),
  };
  return { env, db, hooks, bus, wallet, lifecycle: new Lifecycle() };
}
