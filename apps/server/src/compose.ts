import type { AppDeps, AppHooks } from './app-deps.ts';
import type { Database } from './db/database.ts';
import type { Env } from './env.ts';

/** Wires the domain services around one database; the single place that knows every module. */
export function composeDeps(env: Env, db: Database): AppDeps {
  const hooks: AppHooks = {
    onPlayerCreated: async () => {},
  };
  return { env, db, hooks };
}
