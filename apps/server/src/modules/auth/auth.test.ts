import { routingKeyOf } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { DEMO_LIMITS, TOO_MANY_DEMOS } from './rate-limit.ts';
import { playerSlot } from './tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('POST /api/loginUser', () => {
  it('answers the user and an access token for valid credentials', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ email: TEST_ADMIN.email, role: 'operator', name: 'Operator' });
    expect(body.user.unique_code).toMatch(/^BL[A-Z2-9]{8}$/);
    // The user's slot (the balancer's routing key), then 256 random bits.
    expect(body.access_token).toMatch(/^[0-9a-f]{4}\.[\w-]{43}$/);
    expect(routingKeyOf(body.access_token)).toBe(playerSlot(body.user.id));
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('answers 401 with a message for a wrong password or an unknown email', async () => {
    for (const payload of [
      { email: DEMO_PLAYER.email, password: 'wrong-password' },
      { email: 'nobody@test.local', password: 'whatever1' },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/loginUser', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid email or password.');
    }
  });

  it.each([
    ['missing fields', {}],
    ['a non-string email', { email: 5, password: 'secret12' }],
    ['a malformed email', { email: 'not-an-email', password: 'secret12' }],
    ['an oversized password', { email: 'a@b.co', password: 'x'.repeat(201) }],
  ])('answers 400 with a message for %s', async (_label, payload) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/loginUser', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Invalid/);
  });

  it('answers 400 for malformed JSON and 413 for an oversize body', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual(expect.any(String));
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
  });
});

describe('bearer tokens', () => {
  it('GET /api/me answers the signed-in user, and 401 without or with a bad token', async () => {
    const token = await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(DEMO_PLAYER.email);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer('nope') });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toMatch(/sign in/i);
  });

  it('logout revokes the token and only that token', async () => {
    const first = await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const second = await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(first) })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second) })).statusCode,
    ).toBe(200);
  });

  it('unknown routes answer 404 with a message', async () => {
    const token = await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/);
  });
});

describe('POST /api/demoLogin', () => {
  it('opens a fresh demo player each time and signs it in', async () => {
    const first = (await ctx.app.inject({ method: 'POST', url: '/api/demoLogin' })).json();
    const second = (await ctx.app.inject({ method: 'POST', url: '/api/demoLogin' })).json();
    expect(first.user.role).toBe('player');
    expect(first.user.id).not.toBe(second.user.id);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(first.access_token) });
    expect(me.json().user.id).toBe(first.user.id);
  });

  it('opens exactly the hourly allowance for one address under a concurrent burst', async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/demoLogin', remoteAddress: '10.30.0.1' }),
      ),
    );
    const opened = burst.filter((response) => response.statusCode === 200);
    const refused = burst.filter((response) => response.statusCode === 429);
    expect(opened).toHaveLength(DEMO_LIMITS.perAddress);
    expect(refused).toHaveLength(60 - DEMO_LIMITS.perAddress);
    for (const response of refused) {
      expect(response.json().message).toBe(TOO_MANY_DEMOS);
      const retryAfterSeconds = Number(response.headers['retry-after']);
      expect(retryAfterSeconds).toBeGreaterThan(0);
      expect(retryAfterSeconds).toBeLessThanOrEqual(DEMO_LIMITS.windowSeconds);
    }
    const players = await ctx.deps.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE is_demo AND id = ANY($1::uuid[])`,
      [opened.map((response) => response.json().user.id)],
    );
    expect(players[0]?.count).toBe(DEMO_LIMITS.perAddress);
  });
});

describe('rate limiting', () => {
  it('does not lock an account after failures from other addresses: the owner still signs in', async () => {
    const email = TEST_ADMIN.email;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/loginUser',
        payload: { email, password: `wrong-${attempt}` },
        remoteAddress: `10.0.0.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid email or password.');
    }
    const owner = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email, password: TEST_ADMIN.password },
      remoteAddress: '10.0.1.1',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('blocks an address after 20 failures across accounts', async () => {
    const address = '10.9.9.9';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/loginUser',
        payload: { email: `user${attempt}@test.local`, password: 'wrong-pass' },
        remoteAddress: address,
      });
    }
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      remoteAddress: address,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\./);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      remoteAddress: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
