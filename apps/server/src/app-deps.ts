import type { Database } from './db/database.ts';
import type { Env } from './env.ts';
import type { Bus } from './lib/bus.ts';
import type { AdmissionGate } from './modules/admission/index.ts';
import type { AgentProfileHook, PlayerCreatedHook, SignInRefusalHook } from './modules/auth/index.ts';
import type { CasinoWallet } from './modules/casino/index.ts';
import type { ExchangeService } from './modules/exchange/index.ts';
import type { WalletService } from './modules/wallet/index.ts';
import type { Lifecycle } from './platform/lifecycle.ts';
import type { StreamRegistry } from './platform/stream/index.ts';
import type { UnitRouter } from './platform/units/index.ts';

/**
 * Extension points later modules fill in: the wallet opens and funds new players, the protection module
 * refuses a sign-in during a break from play, the agents module tells an agent's place in the network.
 */
export type AppHooks = PlayerCreatedHook & SignInRefusalHook & AgentProfileHook;

export type AppDeps = {
  env: Env;
  db: Database;
  /**
   * Where players' statements and bet histories and the console's reports read: a standby's pool when
   * DATABASE_READ_URL is set, else `db` itself (docs/decisions/0308). Nothing that moves money or bets,
   * nothing in a transaction and nothing a write depends on reads it.
   */
  readDb: Database;
  hooks: AppHooks;
  bus: Bus;
  wallet: WalletService;
  /** Whether a player may stake now, for every product (docs/decisions/0231). */
  admission: AdmissionGate;
  /** The sports exchange: one unit per market, one group commit (docs/decisions/0130). */
  exchange: ExchangeService;
  /** The casino's seamless wallet: callbacks group-committed (docs/decisions/0182). */
  casinoWallet: CasinoWallet;
  /** Long-running workers (market loops, round loops, the feed) start and stop through it. */
  lifecycle: Lifecycle;
  /** Topic kinds of `/ws/stream`; modules register theirs (docs/decisions/0105). */
  streams: StreamRegistry;
  /** Commands of live units go through it to their one owner (docs/decisions/0106). */
  units: UnitRouter;
};
