import { findGame } from '@backlay/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { demoPlayer, launchToken, newId, walletCall } from './casino-test-kit.ts';

/** The console's casino lists: sessions, rounds and wallet callbacks, filtered and paged (0245). */

const AVIATOR = 22001;
let ctx: TestContext;
let admin: Record<string, string>;

type Played = { playerId: string; email: string; bets: string[]; sessions: string[] };
let alice: Played;
let bob: Played;

/** The id the console gives the player's newest launch. */
async function newestSessionId(playerId: string): Promise<string> {
  const [row] = await ctx.deps.db.query<{ id: string }>(
    'SELECT id::text AS id FROM casino_sessions WHERE player_id = $1 ORDER BY id DESC LIMIT 1',
    [playerId],
  );
  return row!.id;
}

async function bet(token: string, amount: string, roundId = newId('round')): Promise<string> {
  const transactionId = newId('bet');
  const answer = await walletCall(ctx, 'bet', { token, transactionId, roundId, gameId: AVIATOR, amount });
  expect(answer.status).toBe('RS_OK');
  return transactionId;
}

async function settle(kind: 'win' | 'rollback', token: string, betId: string, amount: string) {
  const [row] = await ctx.deps.db.query<{ round_id: string }>(
    'SELECT round_id FROM casino_transactions WHERE transaction_id = $1',
    [betId],
  );
  const answer = await walletCall(ctx, kind, {
    token,
    transactionId: newId(kind),
    roundId: row!.round_id,
    gameId: AVIATOR,
    amount,
    referenceTransactionId: betId,
  });
  expect(answer.status).toBe('RS_OK');
}

/** Alice: a session with a won round and a rolled-back one, then a second launch with an open round. */
async function playAlice(): Promise<Played> {
  const { user } = await demoPlayer(ctx);
  const first = await launchToken(ctx, user.id);
  const firstSession = await newestSessionId(user.id);
  const won = await bet(first, '5.00');
  await settle('win', first, won, '12.50');
  const rolledBack = await bet(first, '3.00');
  await settle('rollback', first, rolledBack, '3.00');
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = await launchToken(ctx, user.id);
  const open = await bet(second, '2.00');
  return {
    playerId: user.id,
    email: user.email,
    bets: [won, rolledBack, open],
    sessions: [firstSession, await newestSessionId(user.id)],
  };
}

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  alice = await playAlice();
  const { user } = await demoPlayer(ctx);
  const token = await launchToken(ctx, user.id);
  bob = { playerId: user.id, email: user.email, bets: [await bet(token, '1.00')], sessions: [] };
});
afterAll(() => ctx.close());

async function list<T>(path: string, headers = admin): Promise<{ items: T[]; next: string | null }> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/casino/${path}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/casino/sessions', () => {
  it("lists a player's sessions newest first with what was played in each", async () => {
    const page = await list<Record<string, unknown>>(`sessions?player=${alice.playerId}`);
    expect(page.next).toBeNull();
    expect(page.items).toMatchObject([
      { id: alice.sessions[1], rounds: 1, staked: '2.00', won: '0.00' },
      // The rolled-back stake is not counted as staked; its round is still a round played.
      { id: alice.sessions[0], rounds: 2, staked: '5.00', won: '12.50' },
    ]);
    const [newest, oldest] = page.items;
    expect(newest).toMatchObject({
      playerId: alice.playerId,
      email: alice.email,
      gameId: String(AVIATOR),
      gameTitle: findGame(AVIATOR)!.name,
    });
    expect(Date.parse(String(oldest!.lastActivityAt))).toBeGreaterThanOrEqual(
      Date.parse(String(oldest!.startedAt)),
    );
    expect(Date.parse(String(newest!.startedAt))).toBeGreaterThan(Date.parse(String(oldest!.startedAt)));
  });

  it('pages by `next` without repeats, and filters by game', async () => {
    const first = await list<{ id: string }>(`sessions?player=${alice.playerId}&limit=1`);
    expect(first.items.map((item) => item.id)).toEqual([alice.sessions[1]]);
    const second = await list<{ id: string }>(
      `sessions?player=${alice.playerId}&limit=1&cursor=${first.next}`,
    );
    expect(second.items.map((item) => item.id)).toEqual([alice.sessions[0]]);
    expect(second.next).toBeNull();
    expect((await list(`sessions?player=${alice.playerId}&game=nosuchgame`)).items).toEqual([]);
    const all = await list<{ playerId: string }>(`sessions?game=${AVIATOR}&limit=200`);
    expect(new Set(all.items.map((item) => item.playerId))).toEqual(new Set([alice.playerId, bob.playerId]));
  });
});

describe('GET /api/admin/casino/rounds', () => {
  it('lists bets with their wins, rollbacks and states, newest first', async () => {
    const page = await list<Record<string, unknown>>(`rounds?player=${alice.playerId}`);
    const [won, rolledBack, open] = alice.bets;
    expect(page.items).toMatchObject([
      { betId: open, bet: '2.00', won: '0.00', rolledBack: '0.00', state: 'OPEN', email: alice.email },
      { betId: rolledBack, bet: '3.00', won: '0.00', rolledBack: '3.00', state: 'ROLLED_BACK' },
      { betId: won, bet: '5.00', won: '12.50', rolledBack: '0.00', state: 'WON', gameId: String(AVIATOR) },
    ]);
  });

  it("keeps to one session's bets, and pages", async () => {
    const [won, rolledBack] = alice.bets;
    const first = await list<{ betId: string }>(`rounds?session=${alice.sessions[0]}&limit=1`);
    expect(first.items.map((item) => item.betId)).toEqual([rolledBack]);
    const second = await list<{ betId: string }>(
      `rounds?session=${alice.sessions[0]}&limit=1&cursor=${first.next}`,
    );
    expect(second.items.map((item) => item.betId)).toEqual([won]);
    expect(second.next).toBeNull();
    // A session and a player who is not its player: nothing.
    expect((await list(`rounds?session=${alice.sessions[0]}&player=${bob.playerId}`)).items).toEqual([]);
  });

  it('answers 404 for a session that does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/casino/rounds?session=999999999',
      headers: admin,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });
});

describe('GET /api/admin/casino/callbacks', () => {
  it("lists a session's callbacks as received with the answers given, newest first", async () => {
    const page = await list<Record<string, unknown>>(`callbacks?session=${alice.sessions[0]}`);
    const [won, rolledBack] = alice.bets;
    expect(page.items.map((item) => item.kind)).toEqual(['rollback', 'bet', 'win', 'bet']);
    expect(page.items).toMatchObject([
      { referenceTransactionId: rolledBack, amount: '3.00', status: 'RS_OK', balanceAfter: '1507.50' },
      { transactionId: rolledBack, amount: '3.00', status: 'RS_OK', balanceAfter: '1504.50' },
      { referenceTransactionId: won, amount: '12.50', status: 'RS_OK', balanceAfter: '1507.50' },
      { transactionId: won, amount: '5.00', status: 'RS_OK', balanceAfter: '1495.00', email: alice.email },
    ]);
  });

  it('filters by player and pages', async () => {
    const bobs = await list<{ transactionId: string }>(`callbacks?player=${bob.playerId}`);
    expect(bobs.items.map((item) => item.transactionId)).toEqual(bob.bets);
    const first = await list<{ transactionId: string }>(`callbacks?player=${alice.playerId}&limit=3`);
    const rest = await list<{ transactionId: string }>(
      `callbacks?player=${alice.playerId}&limit=3&cursor=${first.next}`,
    );
    expect(first.items).toHaveLength(3);
    expect(rest.items).toHaveLength(2);
    expect(rest.next).toBeNull();
    expect(rest.items.at(-1)?.transactionId).toBe(alice.bets[0]);
  });
});

describe('the lists refuse', () => {
  it.each([
    'sessions?limit=201',
    'sessions?player=not-a-uuid',
    'sessions?cursor=abc',
    'rounds?session=abc',
    'rounds?colour=red',
    'callbacks?limit=0',
  ])('bad input: %s → 400', async (path) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/casino/${path}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
  });

  it('players', async () => {
    const { bearer: headers } = await demoPlayer(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/casino/sessions', headers });
    expect(response.statusCode).toBe(403);
  });
});
