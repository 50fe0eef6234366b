import type { Database } from './db/database.ts';
import type { Env } from './env.ts';

/** Extension points later modules fill in (the wallet funds new players). */
export type AppHooks = {
  onPlayerCreated(userId: string, reason: 'demo' | 'operator' | 'seed'): Promise<void>;
};

export type AppDeps = {
  env: Env;
  db: Database;
  hooks: AppHooks;
};
