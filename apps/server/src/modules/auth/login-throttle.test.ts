import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { accountDelayMs, LOGIN_LIMITS } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';

// Every password hash and every slow-down the server asks for, so tests assert on them without timing.
const hashed: string[] = [];
const delaysMs: number[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp(
    {},
    {
      signIn: {
        verify: async (password, encoded) => {
          hashed.push(password);
          return verifyPassword(password, encoded);
        },
        sleep: async (delayMs) => {
          delaysMs.push(delayMs);
        },
      },
    },
  );
});
afterAll(() => ctx.close());
beforeEach(async () => {
  hashed.length = 0;
  delaysMs.length = 0;
  await ctx.deps.db.query('DELETE FROM rate_counters');
});

const signIn = (email: string, password: string, remoteAddress: string): Promise<LightMyRequestResponse> =>
  ctx.app.inject({ method: 'POST', url: '/api/loginUser', payload: { email, password }, remoteAddress });

function expectTooMany(response: LightMyRequestResponse, maxWaitSeconds: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toMatch(
    /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
  );
  const retryAfterSeconds = Number(response.headers['retry-after']);
  expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(retryAfterSeconds).toBeLessThanOrEqual(maxWaitSeconds);
}

describe('a burst of wrong passwords on one account from one address', () => {
  it('hashes at most the allowance, and a right password inside the burst is refused', async () => {
    const address = '10.20.0.1';
    const allowance = LOGIN_LIMITS.attemptsPerAccountAddress;
    let answered = 0;
    const wrong = (index: number) =>
      signIn(TEST_ADMIN.email, `wrong-${index}`, address).then((response) => {
        answered += 1;
        return response;
      });
    const firstHalf = Array.from({ length: 30 }, (_, index) => wrong(index));
    // Once all but `allowance` of the first half have answered, the allowance is certainly used up.
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(30 - allowance), { timeout: 20_000 });
    const right = signIn(TEST_ADMIN.email, TEST_ADMIN.password, address);
    const secondHalf = Array.from({ length: 29 }, (_, index) => wrong(30 + index));
    const responses = await Promise.all([...firstHalf, right, ...secondHalf]);

    expect(hashed.length).toBeLessThanOrEqual(allowance);
    expect(hashed).not.toContain(TEST_ADMIN.password);
    // Refused by the account-and-address allowance, or at once because that address has sign-ins in progress.
    const refused = await right;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many (failed )?sign-in attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(hashed.length);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - hashed.length);
  });
});

describe('per account and address', () => {
  it('refuses a sixth attempt from the same address with Retry-After, but not the owner elsewhere', async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.attemptsPerAccountAddress; attempt += 1) {
      expect((await signIn(TEST_ADMIN.email, `wrong-${attempt}`, '10.21.0.1')).statusCode).toBe(401);
    }
    expectTooMany(
      await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '10.21.0.1'),
      LOGIN_LIMITS.windowSeconds,
    );
    expect((await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '10.21.0.2')).statusCode).toBe(200);
  });

  it('counts every IPv6 address of one /64 as one address', async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.attemptsPerAccountAddress; attempt += 1) {
      const from = `2001:db8:5:6::${attempt + 1}`;
      expect((await signIn(TEST_ADMIN.email, `wrong-${attempt}`, from)).statusCode).toBe(401);
    }
    expectTooMany(await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '2001:db8:5:6:ffff::9'), 900);
    expect((await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('gives a successful sign-in its attempt back', async () => {
    const address = '10.22.0.1';
    const allowance = LOGIN_LIMITS.attemptsPerAccountAddress;
    for (let attempt = 0; attempt < allowance - 1; attempt += 1) {
      expect((await signIn(DEMO_PLAYER.email, 'wrong-pass', address)).statusCode).toBe(401);
    }
    expect((await signIn(DEMO_PLAYER.email, DEMO_PLAYER.password, address)).statusCode).toBe(200);
    // The success did not use up the last attempt: one more wrong password is still evaluated.
    expect((await signIn(DEMO_PLAYER.email, 'wrong-pass', address)).statusCode).toBe(401);
    expect((await signIn(DEMO_PLAYER.email, DEMO_PLAYER.password, address)).statusCode).toBe(429);
  });
});

describe('account-wide', () => {
  it('slows down instead of locking, so the operator still signs in from a new address', async () => {
    const failures = 12;
    for (let attempt = 0; attempt < failures; attempt += 1) {
      const response = await signIn(TEST_ADMIN.email, `wrong-${attempt}`, `10.23.0.${attempt + 1}`);
      expect(response.statusCode).toBe(401);
    }
    const owner = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '10.23.1.1');
    expect(owner.statusCode).toBe(200);
    // Attempts 6..13 were each delayed: doubling from 250 ms, never beyond the 2 s cap.
    expect(delaysMs).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000, 2000]);
    expect(Math.max(...delaysMs)).toBeLessThanOrEqual(LOGIN_LIMITS.accountDelayCapMs);
  });

  it('keeps the delay curve bounded for any count', () => {
    expect([0, 1, 5, 6, 7, 8, 9, 1000, 2 ** 40].map((n) => accountDelayMs(n, LOGIN_LIMITS))).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 2000, 2000,
    ]);
  });
});
