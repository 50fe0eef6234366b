import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperatorMarket, postBet } from '../../test/operator-market.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { marketUnitId } from './exchange-service.ts';

/**
 * The first bet on a market held nowhere is judged at home (docs/decisions/0315) and may then load
 * the market here: the home's reservation ends as the owner's starts, never counted twice. Here the
 * home is made to believe the market is not its own, as it does before that first load.
 */
describe('a home that turns out to own the market', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds the first bet’s worst case once while its batch is written', async () => {
    const admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const market = await createOperatorMarket(t, admin, { minStake: '1' });
    const { units } = t.deps;
    const owns = units.owns.bind(units);
    const notYet = vi
      .spyOn(units, 'owns')
      .mockImplementation((id) => id !== marketUnitId(market.id) && owns(id));
    const email = `local-${randomUUID().slice(0, 8)}@exchange.local`;
    const payload = { email, password: 'player-password', name: 'Lou', openingCredit: '100' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers: admin,
      payload,
    });
    const playerId = created.json<{ player: { id: string } }>().player.id;
    const headers = bearer(await loginAs(t.app, email, 'player-password'));

    // The batch's write waits until the funds were read mid-way.
    const { committer } = t.deps.exchange.ctx;
    const submit = committer.submit.bind(committer);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(committer, 'submit').mockImplementation(async (effects) => {
      await held;
      return submit(effects);
    });
    const placing = postBet(t, headers, market, { side: 'BACK', price: 2, stake: '60' });
    await waitFor(() => spy.mock.calls.length > 0, 10_000);
    expect(t.deps.admission.funds.availableMinor(playerId)).toBe(4_000n);
    release();
    expect((await placing).statusCode).toBe(201);
    spy.mockRestore();
    notYet.mockRestore();
    expect(t.deps.admission.funds.availableMinor(playerId)).toBe(4_000n);
  });
});
