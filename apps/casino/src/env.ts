import { DEFAULT_CASINO_PORT, DEFAULT_PORTAL_PORT, localServiceUrl } from '@backlay/contracts';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const httpUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, 'must start with http:// or https://')
  // One spelling: links are built by appending paths, so a trailing slash would double it.
  .transform((url) => url.replace(/\/+$/, ''));
const secret = z.string().min(16, 'must be at least 16 characters').max(256);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  CASINO_PORT: port.default(DEFAULT_CASINO_PORT),
  /** The portal's port: where PORTAL_URL points when it is unset. */
  PORT: port.default(DEFAULT_PORTAL_PORT),
  /** The public base of this service: launch links and game pages point here. Unset: CASINO_PORT here. */
  CASINO_URL: httpUrl.optional(),
  /** Where the seamless-wallet callbacks go (`${PORTAL_URL}/api/wallet/*`). Unset: PORT here. */
  PORTAL_URL: httpUrl.optional(),
  CASINO_OPERATOR_KEY: secret.default('backlay-operator-key-local'),
  CASINO_WALLET_SECRET: secret.default('backlay-wallet-secret-local'),
  /** The aggregator keeps its own state in `${DATA_DIR}/casino`. */
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Unset addresses follow the ports: this service at CASINO_PORT, the portal at PORT, on this machine. */
const withLocalUrls = ({ CASINO_URL, PORTAL_URL, ...env }: z.infer<typeof envSchema>) => ({
  ...env,
  CASINO_URL: CASINO_URL ?? localServiceUrl(env.CASINO_PORT),
  PORTAL_URL: PORTAL_URL ?? localServiceUrl(env.PORT),
});

export type CasinoEnv = ReturnType<typeof withLocalUrls>;

export type EnvResult = { ok: true; env: CasinoEnv } | { ok: false; message: string };

/** Parses the environment once; every problem names the variable. Empty values count as unset. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return { ok: true, env: withLocalUrls(result.data) };
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return { ok: false, message: `Invalid casino configuration: ${problems.join('; ')}` };
}

export function loadEnv(): CasinoEnv {
  const result = parseEnv(process.env);
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  return result.env;
}
