import type { AppDeps } from './app-deps.ts';
import { findUserByEmail, hashPassword, insertUser } from './modules/auth/index.ts';
import { openMakerAccount } from './modules/exchange/index.ts';

export const DEMO_PLAYER = { email: 'player@backlay.local', password: 'player123', name: 'Demo Player' };

/** First start: the operator from ADMIN_EMAIL/ADMIN_PASSWORD, and (with DEMO_DATA) a known demo player. */
export async function seed(deps: AppDeps): Promise<void> {
  const { env, db } = deps;
  await openMakerAccount(deps.wallet, deps.exchange.ctx.maker);
  if (!(await findUserByEmail(db, env.ADMIN_EMAIL.toLowerCase()))) {
    await insertUser(db, {
      email: env.ADMIN_EMAIL.toLowerCase(),
      name: 'Operator',
      role: 'operator',
      passwordHash: await hashPassword(env.ADMIN_PASSWORD),
    });
  }
  if (env.DEMO_DATA === 'true' && !(await findUserByEmail(db, DEMO_PLAYER.email))) {
    const player = await insertUser(db, {
      email: DEMO_PLAYER.email,
      name: DEMO_PLAYER.name,
      role: 'player',
      passwordHash: await hashPassword(DEMO_PLAYER.password),
    });
    if (player) await deps.hooks.onPlayerCreated(player.id, 'seed');
  }
}
