import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './tokens.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { sessionSource } from './session-source.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('sessionSource', () => {
  it('finds a live session and tells, in one query, which of many sessions are still live', async () => {
    const source = sessionSource(ctx.deps.db);
    const kept = await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const signedOut = await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(signedOut) });
    const session = await source.find(kept);
    expect(session).toMatchObject({ role: 'operator', tokenHash: hashToken(kept) });
    expect(session!.expiresAtMs).toBeGreaterThan(Date.now());
    expect(await source.find(signedOut)).toBeUndefined();
    const live = await source.live([hashToken(kept), hashToken(signedOut), hashToken('never-issued')]);
    expect([...live]).toEqual([hashToken(kept)]);
    expect(await source.live([])).toEqual(new Set());
  });
});
