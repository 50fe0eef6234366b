import { describe, expect, it } from 'vitest';
import { loginResponseSchema, userSchema } from '@backlay/contracts';
import { loginResponseGuard, readLoginResponse, readUser } from './response-guards.ts';

const user = { id: 'u1', unique_code: 'C1', email: 'a@b.co', name: 'Ann', role: 'player' };

const userSamples: unknown[] = [
  user,
  { ...user, role: 'operator' },
  { ...user, extra: 'dropped' },
  { ...user, role: 'admin' },
  { ...user, id: 1 },
  { ...user, name: undefined },
  { id: 'u1' },
  [user],
  null,
  'user',
  42,
];

const loginSamples: unknown[] = [
  { user, access_token: 't' },
  { user: { ...user, extra: 1 }, access_token: 't', refresh: 'dropped' },
  { user, access_token: 7 },
  { user: { ...user, role: 'x' }, access_token: 't' },
  { access_token: 't' },
  null,
];

/** What the contract's zod schema answers, in the guards' form. */
function schemaVerdict(schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } }) {
  return (value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
}

describe('response guards agree with the contracts', () => {
  it.each(userSamples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))(
    'user %s',
    (_, sample) => {
      expect(readUser(sample)).toEqual(schemaVerdict(userSchema)(sample));
    },
  );

  it.each(loginSamples.map((sample) => [JSON.stringify(sample), sample]))('login answer %s', (_, sample) => {
    expect(readLoginResponse(sample)).toEqual(schemaVerdict(loginResponseSchema)(sample));
  });

  it('exposes the login check in the safeParse form apiRequest uses', () => {
    expect(loginResponseGuard.safeParse({ user, access_token: 't' })).toEqual({
      success: true,
      data: { user, access_token: 't' },
    });
    expect(loginResponseGuard.safeParse({ user })).toEqual({ success: false });
  });
});
