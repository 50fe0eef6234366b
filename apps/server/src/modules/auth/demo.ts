import type { LoginResponse } from '@backlay/contracts';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { issueSession } from './auth-service.ts';
import { allowDemoLogin, TOO_MANY_DEMOS } from './rate-limit.ts';
import { insertUser } from './users-repo.ts';

/** Told about every new player, so the wallet can open and fund its accounts. */
export type PlayerCreatedHook = {
  onPlayerCreated(userId: string, reason: 'demo' | 'operator' | 'seed'): Promise<void>;
};

export type DemoDeps = { db: Database; env: { SESSION_TTL_HOURS: number }; hooks: PlayerCreatedHook };

/** A fresh demo player with no password (it can only be reached through the token handed out here). */
export async function openDemoPlayer(deps: DemoDeps, address: string): Promise<Result<LoginResponse>> {
  const allowance = await allowDemoLogin(deps.db, address);
  if (!allowance.allowed)
    return reject('rate_limited', 'RATE_LIMITED', TOO_MANY_DEMOS, allowance.retryAfterSeconds);
  const suffix = randomBytes(5).toString('hex');
  const user = await insertUser(deps.db, {
    email: `demo-${suffix}@demo.backlay.local`,
    name: `Demo ${suffix.slice(0, 4).toUpperCase()}`,
    role: 'player',
    passwordHash: null,
    isDemo: true,
  });
  if (!user) throw new Error('demo email collision');
  await deps.hooks.onPlayerCreated(user.id, 'demo');
  return ok(await issueSession(deps.db, user, deps.env.SESSION_TTL_HOURS));
}
