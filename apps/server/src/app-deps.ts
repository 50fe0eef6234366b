import type { Database } from './db/database.ts';
import type { Env } from './env.ts';
import type { Bus } from './lib/bus.ts';
import type { WalletService } from './modules/wallet/wallet-service.ts';
import type { Lifecycle } from './platform/lifecycle.ts';

/** Extension points later modules fill in (the wallet opens and funds new players). */
export type AppHooks = {
  onPlayerCreated(userId: string, reason: 'demo' | 'operator' | 'seed'): Promise<void>;
};

export type AppDeps = {
  env: Env;
  db: Database;
  hooks: AppHooks;
  bus: Bus;
  wallet: WalletService;
  /** Long-running workers (market loops, round loops, the feed) start and stop through it. */
  lifecycle: Lifecycle;
};
