import { DEFAULT_CASINO_PORT, DEFAULT_PORTAL_PORT, localServiceUrl } from '@backlay/contracts';
import { MAX_TRANSFER_MINOR, parseAmountMinor } from '@backlay/ledger';
import { z } from 'zod';
import { trustProxySchema } from './platform/trust-proxy.ts';
import { instanceNameSchema, parseUnitPins } from './platform/units/pins.ts';

const port = z.coerce.number().int().min(1).max(65535);
const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://');

function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** An amount such as 5000.00 → minor units, refused with the ledger's own words when it is not one. */
function amountInMinorUnits(text: string, context: z.RefinementCtx): bigint {
  const parsed = parseAmountMinor(text, { maxMinor: MAX_TRANSFER_MINOR });
  if (parsed.ok) return parsed.amountMinor;
  context.addIssue({ code: 'custom', message: `must be an amount such as 5000.00 (${parsed.message})` });
  return z.NEVER;
}

/** A percentage such as 12.5 → basis points (1250), refused unless above 0 and at most 100. */
function percentInBasisPoints(text: string, context: z.RefinementCtx): bigint {
  const parsed = parseAmountMinor(text, { maxMinor: 10_000n });
  if (parsed.ok) return parsed.amountMinor;
  context.addIssue({
    code: 'custom',
    message: `must be a percentage above 0 and at most 100 (${parsed.message})`,
  });
  return z.NEVER;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(DEFAULT_PORTAL_PORT),
  CASINO_PORT: port.default(DEFAULT_CASINO_PORT),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * A standby of DATABASE_URL's PostgreSQL: statements, bet histories and the console's reports read
   * from it (docs/decisions/0308). Unset, or with the embedded database, everything reads the primary.
   */
  DATABASE_READ_URL: postgresUrl.optional(),
  /**
   * How long a unit's lease lasts unrenewed: the longest a dead instance's markets, tables and feeds
   * stay unserved (docs/decisions/0302). Shorter is faster takeover, less tolerance for a stall.
   */
  UNIT_LEASE_MS: z.coerce.number().int().min(2_000).max(60_000).default(10_000),
  /** This instance's name, stable across its restarts (a pod's name, portal-3): UNIT_PIN names it. */
  INSTANCE_NAME: instanceNameSchema.optional(),
  /** Hot units pinned to named instances, which then take nothing else (docs/decisions/0309). */
  UNIT_PIN: z.string().default('').transform(parseUnitPins),
  /** Connections this instance's PostgreSQL pool opens at most; the cluster's sum must fit the server's. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(20),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Starts every Redis channel of this cluster, so that two clusters can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1 to 64 letters, digits or : . _ -')
    .default('backlay:'),
  /** Unset: the aggregator on this machine at CASINO_PORT. */
  CASINO_URL: z.string().url().optional(),
  /** Sent by the portal on launch calls to the aggregator (docs/decisions/0140). */
  CASINO_OPERATOR_KEY: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('backlay-operator-key-local'),
  /** Signs the aggregator's wallet callbacks, HMAC-SHA256 (docs/decisions/0141). */
  CASINO_WALLET_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('backlay-wallet-secret-local'),
  /**
   * `off` writes every casino wallet batch read then written, without memory or foresight
   * (docs/decisions/0202, 0200): a switch for the operator should a fast path misbehave.
   */
  CASINO_WALLET_FAST_PATHS: z.enum(['on', 'off']).default('on'),
  ADMIN_EMAIL: z.string().email().default('admin@backlay.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('backlay-admin'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  SIGN_IN_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  DEMO_DATA: z.enum(['true', 'false']).default('true'),
  /**
   * The demo network's players bet now and then (docs/decisions/0293). Unset: on with DEMO_DATA, except
   * under NODE_ENV=test, where a test turns it on when it wants it.
   */
  DEMO_TRAFFIC: z.enum(['true', 'false', '1', '0', 'on', 'off']).optional(),
  /** When set, /metrics (and worker error texts in /healthz) need `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: trustProxySchema,
  /**
   * On SIGTERM, how long /healthz answers 503 while everything else is still served, before the
   * workers stop: the time a load balancer needs to stop sending new requests (docs/decisions/0261).
   */
  DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** The Exchange Stream API's TLS port (docs/decisions/0258); 0 turns the stream off. */
  BETFAIR_STREAM_PORT: z.coerce.number().int().min(0).max(65535).default(8443),
  /** PEM files of the stream's certificate and key; unset: a self-signed pair made once in DATA_DIR. */
  BETFAIR_STREAM_CERT: z.string().min(1).optional(),
  BETFAIR_STREAM_KEY: z.string().min(1).optional(),
  /** The built-in match simulator: the same seed gives the same fixtures and events (docs/decisions/0110). */
  FEED_SEED: z.string().min(1).max(100).default('backlay'),
  /** The operator's time zone: limits' days, weeks and months begin at its midnight (docs/decisions/0235). */
  TIME_ZONE: z
    .string()
    .min(1)
    .default('UTC')
    .refine(knownTimeZone, 'must be a time zone name such as UTC or Asia/Kolkata'),
  /** Simulated time per wall time (1 = real time; higher for demos). */
  FEED_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
  /** In-house tables and crash: every round phase runs this many times faster (docs/decisions/0150). */
  TABLE_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
  /** Commission on net market winnings for markets created from now on, in percent (docs/decisions/0133). */
  COMMISSION_PERCENT: z.coerce.number().min(0).max(20).default(2),
  /** The most support staff may deposit or withdraw in one cash desk operation (docs/decisions/0248). */
  SUPPORT_CASH_LIMIT: z.string().default('5000.00').transform(amountInMinorUnits),
  /**
   * A market mirrored from a source (docs/decisions/0271): the house's quotes sit this many ladder ticks
   * worse for the player than the source's prices, …
   */
  MIRROR_TICKS: z.coerce.number().int().min(0).max(20).default(0),
  /** … each sized at this percentage of the source's size (two decimals at most), … */
  MIRROR_SIZE_PERCENT: z.string().default('10').transform(percentInBasisPoints),
  /** … and the house's liability on one market stays within this unless the operator sets another cap. */
  MIRROR_MARKET_CAP: z.string().default('10000.00').transform(amountInMinorUnits),
  /** The dashboard's alerts: a market whose players' liability is above this (docs/decisions/0246). */
  ALERT_MARKET_LIABILITY: z.string().default('10000.00').transform(amountInMinorUnits),
  /** … and a player whose net win today is above this. */
  ALERT_PLAYER_WIN: z.string().default('5000.00').transform(amountInMinorUnits),
});

/** An unset CASINO_URL follows CASINO_PORT: the aggregator on this machine. */
const withLocalUrls = ({ CASINO_URL, DEMO_TRAFFIC, ...env }: z.infer<typeof envSchema>) => ({
  ...env,
  CASINO_URL: CASINO_URL ?? localServiceUrl(env.CASINO_PORT),
  DEMO_TRAFFIC: demoTrafficOn(DEMO_TRAFFIC, env),
});

/** An explicit DEMO_TRAFFIC wins; unset, it follows DEMO_DATA outside tests. */
function demoTrafficOn(
  given: string | undefined,
  env: { DEMO_DATA: 'true' | 'false'; NODE_ENV: string },
): boolean {
  if (given !== undefined) return ['true', '1', 'on'].includes(given);
  return env.DEMO_DATA === 'true' && env.NODE_ENV !== 'test';
}

export type Env = ReturnType<typeof withLocalUrls>;

export type EnvResult = { ok: true; env: Env } | { ok: false; message: string };

/** Parses the environment once; every problem names the variable so a misconfiguration is obvious. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return { ok: true, env: withLocalUrls(result.data) };
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return { ok: false, message: `Invalid configuration: ${problems.join('; ')}` };
}

export function loadEnv(): Env {
  const result = parseEnv(process.env);
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  return result.env;
}
