import { afterEach, describe, expect, it } from 'vitest';
import { catalogue, opaqueGameId, type CatalogueEntry } from '@backlay/catalogue';
import { gameById } from '../games/catalogue-games.ts';
import { launchGame, post, startCasino, TOKEN, type Harness, type Loose } from '../test/casino-harness.ts';

let casino: Harness;
afterEach(() => casino?.close());

const MINES = opaqueGameId('jili', 'Mines');

async function openMines(mines = 3): Promise<Loose> {
  expect((await launchGame(casino, MINES)).statusCode).toBe(200);
  const opened = await post(casino, '/api/session/play', {
    token: TOKEN,
    amount: '10.00',
    params: { mines },
  });
  expect(opened.status).toBe(200);
  return opened.body;
}

/** Safe tiles of the open round, read from the stored state (what a test may know and a player may not). */
function safeTiles(harness: Harness): number[] {
  const round = harness.store.openRound(JSON.stringify(['player-1', MINES]))!;
  const mineTiles = (round.engineState as { mineTiles: number[] }).mineTiles;
  return Array.from({ length: 25 }, (_, i) => i).filter((tile) => !mineTiles.includes(tile));
}

describe('multi-step rounds', () => {
  it('mines: bet opens the round, safe reveals raise the multiplier, cash-out pays it', async () => {
    casino = await startCasino();
    const opened = await openMines();
    expect(opened).toMatchObject({ payout: '0.00', round: { status: 'open', actions: ['reveal'] } });
    expect(opened.outcome).not.toHaveProperty('mineTiles');
    expect(casino.portal.callsOf('win')).toEqual([]);
    const [first, second] = safeTiles(casino);
    await post(casino, '/api/session/action', { token: TOKEN, action: { type: 'reveal', tile: first } });
    const revealed = await post(casino, '/api/session/action', {
      token: TOKEN,
      action: { type: 'reveal', tile: second },
    });
    // 0.99 × C(25, 2) / C(22, 2) = 1.2857…
    expect(revealed.body.round).toMatchObject({
      status: 'open',
      multiplier: '1.28',
      actions: ['reveal', 'cashout'],
    });
    const cashed = await post(casino, '/api/session/action', { token: TOKEN, action: { type: 'cashout' } });
    expect(cashed.body).toMatchObject({ payout: '12.80', balance: '1002.80', round: { status: 'settled' } });
    expect(cashed.body.outcome.mineTiles).toHaveLength(3);
    expect(casino.portal.callsOf('win')).toEqual([expect.objectContaining({ amount: '12.80' })]);
  });

  it('mines: a mine ends the round with a zero win; no second round while one is open', async () => {
    casino = await startCasino();
    await openMines(24);
    const again = await post(casino, '/api/session/play', {
      token: TOKEN,
      amount: '1.00',
      params: { mines: 3 },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'ROUND_OPEN' } });
    const rotate = await post(casino, '/api/session/seeds/rotate', { token: TOKEN });
    expect(rotate).toMatchObject({ status: 409, body: { code: 'ROUND_OPEN' } });
    const safe = safeTiles(casino);
    const mine = Array.from({ length: 25 }, (_, i) => i).find((tile) => !safe.includes(tile))!;
    const lost = await post(casino, '/api/session/action', {
      token: TOKEN,
      action: { type: 'reveal', tile: mine },
    });
    expect(lost.body).toMatchObject({ payout: '0.00', round: { status: 'settled', multiplier: '0.00' } });
    expect(casino.portal.callsOf('win')).toEqual([expect.objectContaining({ amount: '0.00' })]);
    const cashOut = await post(casino, '/api/session/action', { token: TOKEN, action: { type: 'cashout' } });
    expect(cashOut).toMatchObject({ status: 409, body: { code: 'NO_OPEN_ROUND' } });
  });

  it('keeps an open round, its seeds and the history across a restart', async () => {
    casino = await startCasino();
    const opened = await openMines();
    casino = await casino.restart();
    const session = await post(casino, '/api/session', { token: TOKEN });
    expect(session.body.openRound).toMatchObject({
      id: opened.round.id,
      status: 'open',
      actions: ['reveal'],
    });
    expect(session.body.seeds).toEqual(opened.seeds);
    const [tile] = safeTiles(casino);
    const revealed = await post(casino, '/api/session/action', {
      token: TOKEN,
      action: { type: 'reveal', tile },
    });
    expect(revealed.status).toBe(200);
    const cashed = await post(casino, '/api/session/action', { token: TOKEN, action: { type: 'cashout' } });
    expect(cashed.body.round.status).toBe('settled');
    const next = await post(casino, '/api/session/play', {
      token: TOKEN,
      amount: '1.00',
      params: { mines: 3 },
    });
    expect(next.body.round.id).not.toBe(opened.round.id);
  });

  it('refuses actions that are not possible now', async () => {
    casino = await startCasino();
    await openMines();
    const early = await post(casino, '/api/session/action', { token: TOKEN, action: { type: 'cashout' } });
    expect(early).toMatchObject({ status: 409, body: { code: 'ACTION_NOT_ALLOWED' } });
    const outside = await post(casino, '/api/session/action', {
      token: TOKEN,
      action: { type: 'reveal', tile: 25 },
    });
    expect(outside).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMS' } });
  });
});

/** A first-round choice for each engine view. */
function paramsFor(entry: CatalogueEntry): object {
  const game = gameById(String(entry.id))!;
  switch (game.family) {
    case 'dice':
      return { target: 5000, direction: 'over' };
    case 'limbo':
    case 'crash':
      return { target: 200 };
    case 'keno':
      return { picks: [1, 7, 13] };
    case 'roulette':
      return { bet: (game.config.bets as { id: string }[])[0]!.id };
    case 'baccarat':
      return { side: (game.config.sides as { id: string }[])[0]!.id };
    case 'fishing':
      return { fish: 'turtle' };
    case 'shootout':
      return { zone: 2, saves: 2 };
    case 'cricket':
    case 'goal-call':
      return { market: (game.config.markets as { id: string }[])[0]!.id };
    default:
      return {};
  }
}

/** Rotates the seed away, then the history row's verify link recomputes the round (docs/decisions/0178). */
async function expectVerifiable(name: string) {
  expect((await post(casino, '/api/session/seeds/rotate', { token: TOKEN })).status).toBe(200);
  const [round] = (await post(casino, '/api/session', { token: TOKEN })).body.history;
  expect(round.verify, name).toContain(`serverSeed=${round.serverSeed}`);
  const check = await casino.app.inject({ method: 'GET', url: `/fair/verify?${round.verify}` });
  expect(check.statusCode, `${name}: ${check.body}`).toBe(200);
}

describe('every catalogue title', () => {
  it('opens its engine view, plays a round with the title own settings and verifies it', async () => {
    const engines = new Map<string, CatalogueEntry>();
    for (const entry of [...catalogue.jili, ...catalogue.spribe, ...catalogue.jdb]) {
      const key = `${entry.engine}:${JSON.stringify(entry.params)}`;
      if (!engines.has(key)) engines.set(key, entry);
    }
    const verifiedEngines = new Set<string>();
    for (const entry of engines.values()) {
      casino = await startCasino();
      expect((await launchGame(casino, entry.id)).statusCode).toBe(200);
      const session = await post(casino, '/api/session', { token: TOKEN });
      expect(session.body.game).toMatchObject({
        name: entry.name,
        theme: entry.params.theme,
        engine: entry.engine,
      });
      const played = await post(casino, '/api/session/play', {
        token: TOKEN,
        amount: '2.00',
        params: paramsFor(entry),
      });
      expect(played.status, `${entry.name}: ${JSON.stringify(played.body)}`).toBe(200);
      if (played.body.round.status === 'settled' && !verifiedEngines.has(entry.engine)) {
        verifiedEngines.add(entry.engine);
        await expectVerifiable(entry.name);
      }
      await casino.close();
    }
  }, 30_000);
});
