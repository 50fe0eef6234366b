import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortalProcess, type PortalProcess } from '../../../../tools/portal-process.ts';
import { DEMO_AGENT_PLAYERS, DEMO_AGENTS } from '../demo-tree.ts';
import { DEMO_PLAYER } from '../seed.ts';
import { migrations } from './migrations/index.ts';

// Two real portals started at the same moment on one empty PostgreSQL database, as a deployment's
// replicas start: migrations and the first-start seed must happen once (docs/decisions/0260).
const url = process.env.DATABASE_URL;
const isPostgres = url !== undefined && /^postgres(ql)?:\/\//.test(url);
if (!isPostgres) console.info('concurrent-start.test.ts skipped: it needs DATABASE_URL=postgres://…');

const ADMIN = { email: 'concurrent-admin@backlay.local', password: 'concurrent-admin-password' };
const START_TIMEOUT_MS = 180_000;
const HEALTHY_TIMEOUT_MS = 60_000;

/** The same server, another database: its name swapped into the URL's path. */
function databaseUrl(base: string, database: string): string {
  const next = new URL(base);
  next.pathname = `/${database}`;
  return next.toString();
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function waitUntilHealthy(portal: PortalProcess): Promise<void> {
  const deadline = Date.now() + HEALTHY_TIMEOUT_MS;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await fetch(`${portal.baseUrl}/healthz`)).status;
    if (last === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${portal.baseUrl}/healthz still answers ${last}`);
}

describe.runIf(isPostgres)('two portals starting at once on an empty PostgreSQL database', () => {
  const database = `backlay_concurrent_${randomBytes(5).toString('hex')}`;
  let portals: PortalProcess[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    await onServer((client) => client.query(`CREATE DATABASE ${database}`));
    const env = {
      DATABASE_URL: databaseUrl(url!, database),
      REDIS_URL: '',
      BETFAIR_STREAM_PORT: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'true',
    };
    const started = await Promise.allSettled(
      [1, 2].map(() => startPortalProcess({ dataDirPrefix: 'backlay-concurrent-', env })),
    );
    portals = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await Promise.all(portals.map(waitUntilHealthy));
    db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await Promise.all(portals.map((portal) => portal.stop()));
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }, HEALTHY_TIMEOUT_MS);

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params)).rows[0]!.n);

  it('applied each migration exactly once', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(migrations.map((migration) => migration.id).sort());
  });

  it('seeded the operator and the demo player once', async () => {
    expect(await count(`users WHERE role = 'operator'`)).toBe(1);
    expect(await count('users WHERE email = $1', [ADMIN.email])).toBe(1);
    expect(await count('users WHERE email = $1', [DEMO_PLAYER.email])).toBe(1);
    expect(await count(`users WHERE role = 'player'`)).toBe(1 + DEMO_AGENT_PLAYERS.length);
  });

  it('seeded the demo agent network once', async () => {
    expect(await count(`users WHERE role = 'agent'`)).toBe(DEMO_AGENTS.length);
    expect(await count('agent_players')).toBe(DEMO_AGENT_PLAYERS.length);
  });

  it('funded the market maker once', async () => {
    expect(await count(`ledger_operations WHERE idempotency_key LIKE 'maker-funding:%'`)).toBe(1);
  });

  it('signs the demo player in on both instances', async () => {
    for (const portal of portals) {
      const response = await fetch(`${portal.baseUrl}/api/loginUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_PLAYER.email, password: DEMO_PLAYER.password }),
      });
      expect(response.status).toBe(200);
    }
  });
});
