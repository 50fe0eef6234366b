import type { LoginResponse } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { getDecoyHash, verifyPassword } from './passwords.ts';
import { isLoginBlocked, recordLoginFailure, TOO_MANY_LOGINS } from './rate-limit.ts';
import { createSession } from './sessions-repo.ts';
import { findUserByEmail, toPublicUser, type UserRow } from './users-repo.ts';

// One message for every credential failure, so responses never reveal which emails exist.
export const LOGIN_FAILED = 'Invalid email or password.';

export async function issueSession(db: Database, user: UserRow, ttlHours: number): Promise<LoginResponse> {
  const accessToken = await createSession(db, user.id, ttlHours);
  return { user: toPublicUser(user), access_token: accessToken };
}

export async function login(
  db: Database,
  input: { email: string; password: string; address: string; ttlHours: number },
): Promise<LoginResponse> {
  if (await isLoginBlocked(db, input.address, input.email)) throw tooManyRequests(TOO_MANY_LOGINS);
  const user = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await getDecoyHash()));
  if (!user || !user.password_hash || !valid || user.status !== 'active') {
    await recordLoginFailure(db, input.address, input.email);
    throw unauthorized(user?.status === 'suspended' && valid ? 'This account is suspended.' : LOGIN_FAILED);
  }
  return issueSession(db, user, input.ttlHours);
}
