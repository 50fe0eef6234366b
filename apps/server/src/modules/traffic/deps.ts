import type { Database } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Bus } from '../../lib/bus.ts';
import type { Lifecycle } from '../../platform/lifecycle.ts';
import type { Leases } from '../../platform/units/index.ts';
import type { AdmissionGate } from '../admission/index.ts';
import type { CasinoAggregator, CasinoWallet } from '../casino/index.ts';
import type { ExchangeService } from '../exchange/index.ts';
import type { TablesModule } from '../tables/index.ts';
import type { WalletService } from '../wallet/index.ts';

/** What demo traffic uses of the composed server: the same services a player's request goes through. */
export type TrafficDeps = {
  db: Database;
  env: Pick<Env, 'DEMO_TRAFFIC' | 'CASINO_URL' | 'CASINO_OPERATOR_KEY' | 'TIME_ZONE' | 'PORT'>;
  bus: Pick<Bus, 'publish'>;
  wallet: WalletService;
  admission: AdmissionGate;
  exchange: ExchangeService;
  casinoWallet: Pick<CasinoWallet, 'provider'>;
  tables: Pick<TablesModule, 'sendTable' | 'sendCrash'>;
  /** One instance of a cluster runs the traffic: the holder of its lease. */
  leases: Pick<Leases, 'acquire' | 'release'>;
  lifecycle: Pick<Lifecycle, 'register'>;
  log?: { warn(object: object, message: string): void; debug?(object: object, message: string): void };
};

/** Who bets: the demo network's bottom agent, which funds them, and its players, by email. */
export type TrafficCast = { agentEmail: string; playerEmails: readonly string[] };

export type TrafficOptions = {
  /** A bet every `minIntervalMs` to `maxIntervalMs`, evenly spread (a handful a minute by default). */
  minIntervalMs: number;
  maxIntervalMs: number;
  /** Picks players, products, runners and stakes (tests pass a seeded source). */
  random: () => number;
  nowMs: () => number;
  /** The aggregator's launch API; over HTTP at CASINO_URL by default. */
  casinoAggregator?: CasinoAggregator;
  /** The aggregator's game API is reached with it (tests pass a fake). */
  fetch: typeof fetch;
  /** Told each round's outcome (tests wait on it). */
  onStep?: (step: TrafficStep) => void;
};

export const DEFAULT_TRAFFIC_OPTIONS: TrafficOptions = {
  minIntervalMs: 4_000,
  maxIntervalMs: 12_000,
  random: Math.random,
  nowMs: Date.now,
  fetch: (...args) => fetch(...args),
};

/** The outcome of one round of traffic, for the log and the tests. */
export type TrafficStep = { product: string; placed: boolean; code?: string };

/** One of a list, picked with `random`. */
export function pickOne<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/** Each of a list once, in an order picked with `random`. */
export function inRandomOrder<T>(items: readonly T[], random: () => number): T[] {
  return items
    .map((item) => ({ item, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}
