import type { LoginResponse, Role, User } from '@backlay/contracts';
import { guard, isFields } from '@backlay/front-kit/response-guards';

/*
 * Hand-written checks for the few answers the login screen reads. The contracts' zod schemas would
 * put zod (a quarter of the login screen's script) in the first download (docs/decisions/0081);
 * response-guards.test.ts holds these checks to the schemas' verdicts.
 */

const ROLES: readonly Role[] = ['player', 'operator'];

/** Like `userSchema.parse`: the five fields, unknown keys dropped; null when anything is off. */
export function readUser(value: unknown): User | null {
  if (!isFields(value)) return null;
  const { id, unique_code, email, name, role } = value;
  if (typeof id !== 'string' || typeof unique_code !== 'string') return null;
  if (typeof email !== 'string' || typeof name !== 'string') return null;
  if (!ROLES.includes(role as Role)) return null;
  return { id, unique_code, email, name, role: role as Role };
}

export function readLoginResponse(value: unknown): LoginResponse | null {
  if (!isFields(value) || typeof value.access_token !== 'string') return null;
  const user = readUser(value.user);
  return user ? { user, access_token: value.access_token } : null;
}

export const loginResponseGuard = guard(readLoginResponse);
