import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import { composeDeps } from '../compose.ts';
import { openReadDatabase } from '../db/open.ts';
import { parseEnv } from '../env.ts';
import { seed } from '../seed.ts';
import { openTestDatabase } from './test-db.ts';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'admin-password' };

export type TestContext = { app: FastifyInstance; deps: AppDeps; close(): Promise<void> };

export async function startTestApp(
  overrides: Record<string, string> = {},
  build: Partial<BuildOptions> = {},
  database?: Database,
): Promise<TestContext> {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DEMO_DATA: 'true',
    ...overrides,
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const db = database ?? (await openTestDatabase());
  // DATABASE_READ_URL opens a second pool as server.ts does, in the test database's schema.
  const readDb = await openReadDatabase(parsed.env, db);
  const deps = composeDeps(parsed.env, db, { readDb });
  await seed(deps);
  const app = await buildApp({ ...deps, ...build });
  await app.ready();
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await deps.bus.close();
      if (readDb !== db) await readDb.close();
      // A database handed in is shared with another app and closed by its owner.
      if (!database) await db.close();
    },
  };
}

export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/loginUser', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
