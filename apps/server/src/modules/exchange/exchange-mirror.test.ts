import { describe, expect, it, vi } from 'vitest';
import { loadMarketUnit } from './market-load.ts';
import type { MirrorBook } from './mirror-book.ts';
import { exchangeTestApp, type ExchangeTestApp } from './testing/exchange-test-app.ts';

type Levels = [number, number][];
type Level = { price: number; size: string };

const runner = (runnerId: string, atb: Levels, atl: Levels, removed = false) => ({
  runnerId,
  removed,
  atb,
  atl,
});
const openBook = (runners: MirrorBook['runners'], inPlay = false): MirrorBook => ({
  status: 'OPEN',
  inPlay,
  runners,
});
const HOME_BACKS: Levels = [
  [2.5, 1000],
  [2.48, 500],
  [2.46, 200],
  [2.44, 100],
];
const HOME_LAYS: Levels = [
  [2.52, 800],
  [2.54, 600],
  [2.56, 400],
];
const homeBook = openBook([runner('r1', HOME_BACKS, HOME_LAYS)]);

/** The source's book on the market's unit, as the feed's mirrorSource sends it once coalesced. */
async function mirror(app: ExchangeTestApp, marketId: string, book: MirrorBook): Promise<void> {
  const done = await app.ctx.deps.exchange.run(marketId, { type: 'mirror', book });
  if (!done.ok) throw new Error(JSON.stringify(done));
  await app.ctx.deps.exchange.idle();
}

async function ladder(app: ExchangeTestApp, marketId: string, index = 0) {
  const view = await app.x.marketView(marketId);
  const levels = view.runners[index] as { back: Level[]; lay: Level[] };
  return { back: levels.back, lay: levels.lay };
}

describe("a market mirrored from a source's book", () => {
  const app = exchangeTestApp();

  it("offers the source's three best prices each side at a tenth of their size, never the fair price", async () => {
    const market = await app.x.market();
    await mirror(app, market.id, homeBook);
    const quoted = {
      back: [
        { price: 2.5, size: '100.00' },
        { price: 2.48, size: '50.00' },
        { price: 2.46, size: '20.00' },
      ],
      lay: [
        { price: 2.52, size: '80.00' },
        { price: 2.54, size: '60.00' },
        { price: 2.56, size: '40.00' },
      ],
    };
    expect(await ladder(app, market.id)).toEqual(quoted);
    // The market gains a fair price and the maker flag: the source's prices stay.
    await app.ctx.deps.db.query('UPDATE runners SET fair_ppm = 500000 WHERE market_id = $1', [market.id]);
    await app.ctx.deps.db.query('UPDATE markets SET market_maker = true WHERE id = $1', [market.id]);
    expect((await app.ctx.deps.exchange.run(market.id, { type: 'sync' })).ok).toBe(true);
    await app.ctx.deps.exchange.idle();
    expect(await ladder(app, market.id)).toEqual(quoted);
    expect(await ladder(app, market.id, 1)).toEqual({ back: [], lay: [] });
  });

  it("matches a player's back at the quoted price against the house, through the ledger", async () => {
    const market = await app.x.market();
    await mirror(app, market.id, homeBook);
    const alice = await app.x.player();
    const placed = await app.x.place(alice.auth, {
      marketId: market.id,
      runnerId: 'r1',
      side: 'BACK',
      price: 2.5,
      stake: '100',
    });
    expect(placed.json().bet).toMatchObject({ status: 'MATCHED', matched: '100.00', avgPrice: 2.5 });
    expect(await app.x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
    // The house's quote at 2.50 is taken: 2.48 is the best left.
    expect((await ladder(app, market.id)).back[0]).toEqual({ price: 2.48, size: '50.00' });
    expect((await app.x.settle(market.id, 'r1')).statusCode).toBe(200);
    const [settled] = await app.x.bets(alice.auth, '?status=settled');
    expect(settled).toMatchObject({ status: 'SETTLED' });
    // Won 150.00 at 2.50 on 100.00, less 2 % commission on the net win.
    expect(await app.x.balance(alice.auth)).toEqual({ balance: '1147.00', exposure: '0.00' });
  });

  it('pulls every quote while the source is suspended and quotes again when it opens', async () => {
    const market = await app.x.market();
    await mirror(app, market.id, homeBook);
    await mirror(app, market.id, { ...homeBook, status: 'SUSPENDED' });
    expect(await ladder(app, market.id)).toEqual({ back: [], lay: [] });
    await mirror(app, market.id, homeBook);
    expect((await ladder(app, market.id)).back[0]).toEqual({ price: 2.5, size: '100.00' });
  });

  it('pulls every quote when the market goes in play, until the first in-play prices', async () => {
    const market = await app.x.market();
    await mirror(app, market.id, homeBook);
    await mirror(app, market.id, openBook(homeBook.runners, true));
    expect(await ladder(app, market.id)).toEqual({ back: [], lay: [] });
    // The same prices again are no in-play prices.
    await mirror(app, market.id, openBook(homeBook.runners, true));
    expect(await ladder(app, market.id)).toEqual({ back: [], lay: [] });
    await mirror(app, market.id, openBook([runner('r1', [[1.8, 300]], [[1.82, 200]])], true));
    expect(await ladder(app, market.id)).toEqual({
      back: [{ price: 1.8, size: '30.00' }],
      lay: [{ price: 1.82, size: '20.00' }],
    });
  });

  it('quotes a market first seen in play at once: its prices are in-play prices', async () => {
    const market = await app.x.market();
    await mirror(app, market.id, openBook(homeBook.runners, true));
    expect((await ladder(app, market.id)).back[0]).toEqual({ price: 2.5, size: '100.00' });
  });

  it('quotes no runner the source removed', async () => {
    const market = await app.x.market();
    await mirror(
      app,
      market.id,
      openBook([runner('r1', HOME_BACKS, HOME_LAYS, true), runner('r2', [[1.6, 100]], [[1.62, 100]])]),
    );
    expect(await ladder(app, market.id, 0)).toEqual({ back: [], lay: [] });
    expect(await ladder(app, market.id, 1)).toEqual({
      back: [{ price: 1.6, size: '10.00' }],
      lay: [{ price: 1.62, size: '10.00' }],
    });
  });

  it('re-quotes ten books within 100 ms twice: the first at once, the last when the window ends', async () => {
    const market = await app.x.market();
    const runs = vi.spyOn(app.ctx.deps.exchange, 'run');
    for (let step = 0; step < 10; step++)
      app.ctx.deps.exchange.mirrorSource(market.id, openBook([runner('r1', [[2 + step / 50, 100]], [])]));
    await new Promise((resolve) => setTimeout(resolve, 250));
    await app.ctx.deps.exchange.idle();
    const mirrored = runs.mock.calls.filter(([, command]) => command.type === 'mirror');
    expect(mirrored.map(([, command]) => command.type === 'mirror' && command.book.runners[0]!.atb)).toEqual([
      [[2, 100]],
      [[2.18, 100]],
    ]);
    expect((await ladder(app, market.id)).back).toEqual([{ price: 2.18, size: '10.00' }]);
  });

  it("sizes the lays within the market's liability cap the operator sets, audited and kept", async () => {
    const market = await app.x.market();
    const url = `/api/admin/markets/${encodeURIComponent(market.id)}/mirror`;
    const before = await app.x.admin_('GET', url, app.x.admin);
    expect(before.json()).toEqual({
      marketId: market.id,
      mirrored: false,
      liabilityCap: '10000.00',
      defaultCap: true,
    });
    for (const liabilityCap of ['-5', '0', 'lots'])
      expect((await app.x.admin_('PATCH', url, app.x.admin, { liabilityCap })).json().code).toBe(
        'INVALID_LIABILITY_CAP',
      );
    const unknown = await app.x.admin_('PATCH', '/api/admin/markets/nope.1/mirror', app.x.admin, {
      liabilityCap: '5',
    });
    expect(unknown.statusCode).toBe(404);
    // 10 % of 10,000.00 at 3.00 would risk 2,000.00; the cap leaves 100.00: a lay of 50.00.
    await mirror(
      app,
      market.id,
      openBook([
        runner(
          'r1',
          [
            [3, 10_000],
            [2.98, 10_000],
          ],
          [],
        ),
      ]),
    );
    expect((await ladder(app, market.id)).back[0]).toEqual({ price: 3, size: '1000.00' });
    const capped = await app.x.admin_('PATCH', url, app.x.admin, { liabilityCap: '100.00' });
    expect(capped.statusCode).toBe(200);
    expect(capped.json()).toMatchObject({ mirrored: true, liabilityCap: '100.00', defaultCap: false });
    expect((await ladder(app, market.id)).back).toEqual([{ price: 3, size: '50.00' }]);
    const audit = await app.x.admin_('GET', '/api/admin/audit?action=market%20mirror%20cap', app.x.admin);
    expect(audit.json().items[0]).toMatchObject({
      target: `market:${market.id}`,
      before: { liabilityCap: '10000.00', defaultCap: true },
      after: { liabilityCap: '100.00', defaultCap: false },
    });
    const rebuilt = await loadMarketUnit(app.ctx.deps.db, market.id);
    expect(rebuilt?.mirror).toMatchObject({ mirrored: true, capMinor: 10_000n });
  });
});

describe('MIRROR_TICKS and MIRROR_SIZE_PERCENT', () => {
  const app = exchangeTestApp({ MIRROR_TICKS: '2', MIRROR_SIZE_PERCENT: '2.5' });

  it("widen each price by the ticks to the player's cost and size at the percentage", async () => {
    const market = await app.x.market();
    await mirror(app, market.id, homeBook);
    expect(await ladder(app, market.id)).toEqual({
      back: [
        { price: 2.46, size: '25.00' },
        { price: 2.44, size: '12.50' },
        { price: 2.42, size: '5.00' },
      ],
      lay: [
        { price: 2.56, size: '20.00' },
        { price: 2.58, size: '15.00' },
        { price: 2.6, size: '10.00' },
      ],
    });
  });
});
