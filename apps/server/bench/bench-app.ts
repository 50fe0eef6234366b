import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { formatMinor, playerCashAccountId } from '@backlay/ledger';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-deps.ts';
import { composeDeps } from '../src/compose.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { parseEnv } from '../src/env.ts';
import { InProcessBus, type Bus } from '../src/lib/bus.ts';
import { createSession, insertUser, login, registerAuth } from '../src/modules/auth/index.ts';
import { limitsRoutes } from '../src/modules/protection/index.ts';
import { depositRequest } from '../src/modules/wallet/index.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { unwrap } from '../src/platform/rejections.ts';
import { seed } from '../src/seed.ts';

export type Backend = 'pglite' | 'postgres';

/** Remembers when each balance change was published (right after its commit), keyed by topic and cash. */
export class TimedBus extends InProcessBus implements Bus {
  readonly publishedAt = new Map<string, number>();
  /** Off for a bench that reads no push latency: parsing each balance change loads the server measured. */
  timesBalances = true;

  override async publish(topic: string, message: string): Promise<void> {
    // Only balance changes are timed; parsing every stream message would load the server measured.
    if (this.timesBalances && topic.startsWith('balance:')) {
      const { cashMinor } = JSON.parse(message) as { cashMinor: string };
      this.publishedAt.set(`${topic}|${cashMinor}`, performance.now());
    }
    await super.publish(topic, message);
  }
}

export type BenchApp = {
  app: FastifyInstance;
  deps: AppDeps;
  bus: TimedBus;
  port: number;
  operatorToken: string;
  close(): Promise<void>;
};

const ADMIN = { email: 'bench-admin@backlay.local', password: 'bench-admin-password' };

async function openBackend(backend: Backend, url: string, poolSize: number): Promise<Database> {
  if (backend === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return db;
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const db = await openPostgres({ url, schema, maxConnections: poolSize });
  await migrate(db);
  return {
    ...db,
    close: async () => {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

/** The real app on a loopback port, with an operator signed in; a fresh schema on PostgreSQL. */
export async function startBenchApp(backend: Backend, url: string, poolSize: number): Promise<BenchApp> {
  const parsed = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const db = await openBackend(backend, url, poolSize);
  const bus = new TimedBus();
  const deps = composeDeps(parsed.env, db, { bus });
  await seed(deps);
  const app = await buildApp({ ...deps, socketLimits: { maxSocketsPerUser: 5 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const session = unwrap(await login(deps, { ...ADMIN, address: '127.0.0.1', ttlHours: 1 }));
  const close = async () => {
    await app.close();
    await bus.close();
    await db.close();
  };
  return { app, deps, bus, port, operatorToken: session.access_token, close };
}

/** Players made directly through the services (no password hashing), funded, each with a token. */
export async function createPlayers(
  bench: BenchApp,
  count: number,
  fundingMinor: bigint,
): Promise<{ id: string; token: string }[]> {
  const players: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const suffix = randomBytes(4).toString('hex');
    const user = await insertUser(bench.deps.db, {
      email: `bench-${i}-${suffix}@bench.local`,
      name: `Bench ${i}`,
      role: 'player',
      passwordHash: null,
    });
    if (!user) throw new Error('bench player email collision');
    await bench.deps.wallet.openPlayer(user.id);
    await bench.deps.wallet.execute(
      depositRequest(user.id, fundingMinor, 'Bench funding', `bench-fund:${user.id}`),
    );
    const token = await createSession(bench.deps.db, user.id, 1);
    await setBenchLimits(bench.app, token);
    players.push({ id: user.id, token });
  }
  const ids = players.map((player) => player.id);
  await checkLossFloors(bench.deps.db, ids);
  return players;
}

/**
 * BENCH_LIMITS, read here only: `off` (default) or `on`. With `on` every player a bench makes sets, right
 * after being funded, loss limits for the day, week and month, a deposit limit for the day and a
 * session limit, through the player's own routes, so every stake is admitted against a ledger floor.
 */
const LIMITS_ON = (() => {
  const value = process.env.BENCH_LIMITS ?? 'off';
  if (value !== 'on' && value !== 'off') throw new Error(`BENCH_LIMITS must be on or off, not ${value}`);
  return value === 'on';
})();
/**
 * 10,000,000.00, the largest limit a player may set: ten times the 1,000,000.00 a bench player is
 * funded with, so no bench stake reaches a loss limit and the funding stays inside the deposit limit.
 */
const BENCH_LIMIT_AMOUNT = '10000000.00';
const SESSION_MINUTES = 1440;
const LIMITS_SET = [
  { kind: 'loss', period: 'day' },
  { kind: 'loss', period: 'week' },
  { kind: 'loss', period: 'month' },
  { kind: 'deposit', period: 'day' },
] as const;

/** The line each bench prints first: whether its players have limits. */
export const limitsLine = () =>
  LIMITS_ON
    ? `limits: on (loss day/week/month and deposit day of ${BENCH_LIMIT_AMOUNT}, session ${SESSION_MINUTES} min on every player)`
    : 'limits: off (BENCH_LIMITS=on gives every player loss, deposit and session limits)';

/** With BENCH_LIMITS=on, the player behind `token` sets the bench's limits over their own routes. */
export async function setBenchLimits(app: FastifyInstance, token: string): Promise<void> {
  if (!LIMITS_ON) return;
  const headers = { authorization: `Bearer ${token}` };
  const put = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'PUT', url, headers, payload });
    if (response.statusCode !== 200) throw new Error(`PUT ${url}: ${response.statusCode} ${response.body}`);
  };
  for (const { kind, period } of LIMITS_SET) {
    await put(`/api/me/limits/${kind}/${period}`, { amount: BENCH_LIMIT_AMOUNT });
  }
  await put('/api/me/session-limit', { minutes: SESSION_MINUTES });
}

/**
 * With BENCH_LIMITS=on, prints how many of the players have a loss floor on their cash, and how far
 * below their cash it lies, and fails the bench unless every player has one.
 */
export async function checkLossFloors(db: Database, playerIds: readonly string[]): Promise<void> {
  if (!LIMITS_ON) return;
  const [row] = await db.query<{ floors: number; least: string | null; most: string | null }>(
    `SELECT count(*)::int AS floors, min(balance_minor - loss_floor_minor)::text AS least,
            max(balance_minor - loss_floor_minor)::text AS most
       FROM accounts WHERE account_id = ANY($1::text[]) AND loss_floor_minor IS NOT NULL`,
    [playerIds.map(playerCashAccountId)],
  );
  const floors = row?.floors ?? 0;
  const room = (minor: string | null | undefined) => formatMinor(BigInt(minor ?? 0));
  console.log(
    `players with a loss floor: ${floors} of ${playerIds.length} ` +
      `(cash above it: ${room(row?.least)} to ${room(row?.most)})`,
  );
  if (floors !== playerIds.length) throw new Error('BENCH_LIMITS=on but not every player has a loss floor');
}

/**
 * Sets the bench's limits on players of a bench that serves no HTTP (bench:tables): the bearer gate and
 * the player's limit routes alone, on the bench's deps, each player with a session of their own.
 */
export async function playerLimits(deps: AppDeps): Promise<{
  set(playerId: string): Promise<void>;
  close(): Promise<void>;
}> {
  if (!LIMITS_ON) return { set: async () => {}, close: async () => {} };
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAuth(app, deps);
  await app.register(limitsRoutes(deps));
  await app.ready();
  return {
    set: async (playerId) => setBenchLimits(app, await createSession(deps.db, playerId, 1)),
    close: () => app.close(),
  };
}
