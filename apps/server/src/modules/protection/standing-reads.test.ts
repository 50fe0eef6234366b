import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { standingReads } from './standing-reads.ts';

/** The gate's reads against the database itself: the money alone answers what the whole read does. */

let ctx: TestContext;
let desk: CashDeskClient;

beforeAll(async () => {
  ctx = await startTestApp();
  desk = cashDeskClient(ctx, bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password)));
});
afterAll(() => ctx.close());

describe('the admission gate’s reads', () => {
  it('reads a player’s money alone as the standing’s read does, and nulls for no player', async () => {
    const id = await desk.createPlayer(`reads-${randomUUID().slice(0, 8)}@test.local`);
    await desk.deposit(id, { amount: '250.00', remark: 'test' });
    const money = (row: Record<string, unknown> | undefined) => ({
      cash: row?.balance_minor === null ? null : String(row?.balance_minor),
      hold: row?.hold_minor ?? null,
      floor: row?.loss_floor_minor ?? null,
    });
    const whole = await standingReads.player(ctx.deps.db, id);
    expect(money(await standingReads.money!(ctx.deps.db, id))).toEqual(money(whole));
    expect(money(whole)).toMatchObject({ cash: '25000' });
    expect(money(await standingReads.money!(ctx.deps.db, randomUUID()))).toEqual({
      cash: null,
      hold: null,
      floor: null,
    });
  });
});
