import type { LoginResponse } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { reserveLoginAttempt } from './login-throttle.ts';
import { getDecoyHash } from './passwords.ts';
import { giveBack } from './rate-limit.ts';
import { createSession } from './sessions-repo.ts';
import { admitSignIn, createSignInGuard, hashInTurn, type SignInGuard } from './sign-in-guard.ts';
import type { SignInRefusalHook } from './sign-in-refusal.ts';
import { findUserByEmail, toPublicUser, type UserRow } from './users-repo.ts';
import { recordFailedSignIn, type SignInOrigin } from './sign-ins.ts';

// One message for every credential failure, so responses never reveal which emails exist.
export const LOGIN_FAILED = 'Invalid email or password.';

export async function issueSession(
  db: Database,
  user: UserRow,
  ttlHours: number,
  origin?: SignInOrigin,
): Promise<LoginResponse> {
  const accessToken = await createSession(db, user.id, ttlHours, origin);
  return { user: toPublicUser(user), access_token: accessToken };
}

// For callers outside the HTTP routes (tools, benchmarks); the routes pass their instance's guard.
let sharedGuard: SignInGuard | undefined;
const defaultGuard = (): SignInGuard => (sharedGuard ??= createSignInGuard(2));

/**
 * `address` keys the sign-in limits; `origin` (the client's own address and browser) is what the account's
 * sign-in history records (docs/decisions/0248), `address` with no browser when absent.
 */
export type LoginInput = {
  email: string;
  password: string;
  address: string;
  ttlHours: number;
  origin?: SignInOrigin;
};

/** The database, and what refuses a sign-in for a reason outside auth. */
export type LoginDeps = { db: Database; hooks: SignInRefusalHook };

/**
 * The attempt is counted before the password is hashed (limits hold under any concurrency), slowed down
 * when the account is under attack, and hashed in the address's turn. A success gives its count back.
 */
export async function login(
  deps: LoginDeps,
  input: LoginInput,
  guard: SignInGuard = defaultGuard(),
): Promise<Result<LoginResponse>> {
  const admitted = admitSignIn(guard, input.address);
  if (!admitted.ok) return admitted;
  try {
    return await evaluate(deps, input, guard);
  } finally {
    admitted.value();
  }
}

const refused = (code: string) => ({ outcome: 'refused', code }) as const;

async function evaluate(
  { db, hooks }: LoginDeps,
  input: LoginInput,
  guard: SignInGuard,
): Promise<Result<LoginResponse>> {
  const origin = input.origin ?? { address: input.address, userAgent: '' };
  // Only the attempt that reaches a limit is recorded: the ones refused after it would let a flood
  // push the account's real sign-ins out of its history.
  const lockedOut = () =>
    recordFailedSignIn(db, { email: input.email }, origin, { outcome: 'refused', code: 'RATE_LIMITED' });
  const reserved = await reserveLoginAttempt(db, guard.limits, input, lockedOut);
  if (!reserved.ok) return reserved;
  const attempt = reserved.value;
  guard.pruneCounters(db);
  if (attempt.delayMs > 0) await guard.sleep(attempt.delayMs);
  const user = await findUserByEmail(db, input.email);
  const turn = { address: input.address, addressAttempts: attempt.addressAttempts };
  const valid = await hashInTurn(guard, turn, async () =>
    guard.verify(input.password, user?.password_hash ?? (await getDecoyHash())),
  );
  if (!valid.ok) return valid;
  if (!user || !user.password_hash || !valid.value || user.status !== 'active') {
    const suspended = user?.status === 'suspended' && valid.value;
    if (user) {
      const result = suspended ? refused('SUSPENDED') : ({ outcome: 'bad_password' } as const);
      await recordFailedSignIn(db, { userId: user.id }, origin, result);
    }
    return reject('unauthorized', 'UNAUTHORIZED', suspended ? 'This account is suspended.' : LOGIN_FAILED);
  }
  await giveBack(db, attempt.reservations);
  const excluded = await hooks.signInRefusal(db, user.id, Date.now());
  if (excluded) {
    await recordFailedSignIn(db, { userId: user.id }, origin, refused(excluded.code));
    return excluded;
  }
  return ok(await issueSession(db, user, input.ttlHours, origin));
}
