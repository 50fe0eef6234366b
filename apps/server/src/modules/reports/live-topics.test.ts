import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { openSocketProbe, type SocketProbe } from '../../test/socket-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** The console's live topics over `/ws/stream` (docs/decisions/0253): staff only, snapshot then news. */

type Headers = Record<string, string>;
let t: TestContext;
let admin: Headers;
let adminToken: string;
let player: { id: string; token: string; headers: Headers };
let market: OperatorMarket;
let url: string;
const probes: SocketProbe[] = [];

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  admin = bearer(adminToken);
  const email = `live-${randomUUID().slice(0, 8)}@test.local`;
  const desk = cashDeskClient(t, admin);
  const id = await desk.createPlayer(email);
  await desk.deposit(id, { amount: '1000', remark: 'test' });
  const token = await loginAs(t.app, email, 'secret1');
  player = { id, token, headers: bearer(token) };
  market = await createOperatorMarket(t, admin);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws/stream`;
});
afterAll(async () => {
  for (const probe of probes) probe.socket.close();
  await t.close();
});

/** A socket signed in with `token` that asked for `kind`; answers the probe and its first answer. */
async function follow(token: string, kind: string) {
  const probe = await openSocketProbe(url);
  probes.push(probe);
  probe.socket.send(JSON.stringify({ token }));
  const ready = await probe.next();
  if (ready['ready'] !== true) return { probe, answer: ready };
  probe.socket.send(JSON.stringify({ sub: kind }));
  return { probe, answer: await probe.next() };
}

async function placeBet(stake: string): Promise<string> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers: player.headers,
    payload: {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side: 'BACK',
      price: 3,
      stake,
      persistence: 'PERSIST',
      clientRef: randomUUID(),
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ bet: { id: string } }>().bet.id;
}

type Bet = { id: string; product: string; playerId: string; stake: string; state: string };

describe('the admin-bets topic', () => {
  it('refuses players and the anonymous', async () => {
    expect((await follow(player.token, 'admin-bets')).answer).toMatchObject({
      code: 'FORBIDDEN',
      kind: 'admin-bets',
    });
    const anonymous = await follow('not-a-token', 'admin-bets');
    expect(anonymous.answer['ready']).toBeUndefined();
    expect(anonymous.answer).toHaveProperty('error');
    expect(await anonymous.probe.closed).toBeGreaterThan(1000);
  });

  it('answers the newest bets, then a bet placed after within a refresh or two', async () => {
    const first = await placeBet('100');
    const { probe, answer } = await follow(adminToken, 'admin-bets');
    expect(answer).toMatchObject({ kind: 'admin-bets', snapshot: true });
    const snapshot = (answer['data'] as { bets: Bet[] }).bets;
    expect(snapshot.length).toBeLessThanOrEqual(50);
    expect(snapshot).toContainEqual(
      expect.objectContaining({ id: first, product: 'exchange', playerId: player.id, stake: '100.00' }),
    );

    const second = await placeBet('125');
    // Other bets may share the database: read updates until ours; none repeats a bet already sent.
    let update: Record<string, unknown>;
    let bets: Bet[];
    do {
      update = await probe.next();
      bets = (update['data'] as { bets: Bet[] }).bets;
      expect(update).toMatchObject({ kind: 'admin-bets' });
      expect(update['snapshot']).toBeUndefined();
      expect(update['seq']).toBeGreaterThan(answer['seq'] as number);
      expect(bets.map((bet) => bet.id)).not.toContain(first);
    } while (!bets.some((bet) => bet.id === second));
    expect(bets.find((bet) => bet.id === second)).toMatchObject({ stake: '125.00', state: 'open' });
  });
});

describe('the admin-exposures topic', () => {
  it('refuses players, and shows staff the market and the player by liability', async () => {
    expect((await follow(player.token, 'admin-exposures')).answer).toMatchObject({ code: 'FORBIDDEN' });
    const { answer } = await follow(adminToken, 'admin-exposures');
    expect(answer).toMatchObject({ kind: 'admin-exposures', snapshot: true });
    const data = answer['data'] as {
      markets: { liability: { marketId: string; liability: string }[]; matched: unknown[] };
      players: { liability: { playerId: string; marketId: string; liability: string }[] };
    };
    // The two backs above (100 + 125) are the player's worst case on the market.
    expect(data.markets.liability).toContainEqual(
      expect.objectContaining({ marketId: market.id, liability: '225.00' }),
    );
    expect(data.players.liability).toContainEqual(
      expect.objectContaining({ playerId: player.id, marketId: market.id, liability: '225.00' }),
    );

    // Every ranking as the HTTP report answers it.
    const top = answer['data'] as Record<'markets' | 'players', Record<'liability' | 'matched', unknown[]>>;
    for (const by of ['market', 'player'] as const) {
      for (const order of ['liability', 'matched'] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/admin/exposures?by=${by}&order=${order}`,
          headers: admin,
        });
        expect(top[by === 'market' ? 'markets' : 'players'][order], `${by} ${order}`).toEqual(
          response.json<{ items: unknown[] }>().items,
        );
      }
    }
  });
});
