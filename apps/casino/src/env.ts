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
  CASINO_PORT: port.default(8081),
  /** The public base of this service: launch links and game pages point here. */
  CASINO_URL: httpUrl.default('http://127.0.0.1:8081'),
  /** Where the seamless-wallet callbacks go (`${PORTAL_URL}/api/wallet/*`). */
  PORTAL_URL: httpUrl.default('http://127.0.0.1:8080'),
  CASINO_OPERATOR_KEY: secret.default('backlay-operator-key-local'),
  CASINO_WALLET_SECRET: secret.default('backlay-wallet-secret-local'),
  /** The aggregator keeps its own state in `${DATA_DIR}/casino`. */
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type CasinoEnv = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: CasinoEnv } | { ok: false; message: string };

/** Parses the environment once; every problem names the variable. Empty values count as unset. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return { ok: true, env: result.data };
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
