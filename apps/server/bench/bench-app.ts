import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-deps.ts';
import { composeDeps } from '../src/compose.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { parseEnv } from '../src/env.ts';
import { InProcessBus, type Bus } from '../src/lib/bus.ts';
import { createSession, insertUser, login } from '../src/modules/auth/index.ts';
import { depositRequest } from '../src/modules/wallet/index.ts';
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
  const deps = composeDeps(parsed.env, db, bus);
  await seed(deps);
  const app = await buildApp({ ...deps, socketLimits: { maxSocketsPerUser: 5 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const session = unwrap(await login(db, { ...ADMIN, address: '127.0.0.1', ttlHours: 1 }));
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
    players.push({ id: user.id, token: await createSession(bench.deps.db, user.id, 1) });
  }
  return players;
}
