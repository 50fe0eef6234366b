import { signBody } from '@backlay/contracts/casino-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { hashToken, newToken } from '../auth/index.ts';

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

let players = 0;

/** A new player with 1,000.00 deposited by the cash desk, then signed in. */
async function signedInPlayer() {
  players += 1;
  const desk = cashDeskClient(ctx, admin);
  const id = await desk.createPlayer(`reality-${players}@test.local`);
  await desk.deposit(id, { amount: '1000' });
  return { id, headers: bearer(await loginAs(ctx.app, `reality-${players}@test.local`, 'secret1')) };
}

const setInterval = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/me/reality-check', headers, payload: payload as object });

const summary = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/me/session', headers })).json();

/** A casino launch token for the player, as the portal mints it when a game is launched. */
async function launchToken(playerId: string): Promise<string> {
  const token = newToken(playerId);
  await ctx.deps.db.query(
    `INSERT INTO casino_sessions (token_hash, player_id, game_id, created_at, expires_at)
     VALUES ($1, $2, '22001', now(), now() + interval '1 hour')`,
    [hashToken(token), playerId],
  );
  return token;
}

let transactions = 0;

/** A signed seamless-wallet callback from the aggregator. */
async function walletCall(kind: 'bet' | 'win', fields: Record<string, unknown>) {
  transactions += 1;
  const raw = JSON.stringify({
    timestamp: Date.now(),
    roundId: 'rc-1',
    gameId: 22001,
    transactionId: `rc-${kind}-${transactions}`,
    ...fields,
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/wallet/${kind}`,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-signature': signBody(ctx.deps.env.CASINO_WALLET_SECRET, raw),
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ status: string }>();
}

describe('reality-check interval', () => {
  it('is 60 minutes until the player sets it, then what they set, each change in the history', async () => {
    const player = await signedInPlayer();
    const first = await summary(player.headers);
    const signedInMs = Date.parse(first.signedInAt);
    expect(Date.parse(first.realityCheckDueAt)).toBe(signedInMs + 60 * 60_000);

    expect((await setInterval(player.headers, { minutes: 15 })).json()).toEqual({ minutes: 15 });
    expect(Date.parse((await summary(player.headers)).realityCheckDueAt)).toBe(signedInMs + 15 * 60_000);
    expect((await setInterval(player.headers, { minutes: 0 })).statusCode).toBe(200);
    expect((await summary(player.headers)).realityCheckDueAt).toBeNull();

    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/protection-history',
      headers: player.headers,
    });
    expect(
      history.json().items.map((item: { action: string; before: unknown; after: unknown }) => item),
    ).toMatchObject([
      { action: 'reality check', before: { minutes: 15 }, after: { minutes: 0 } },
      { action: 'reality check', before: { minutes: 60 }, after: { minutes: 15 } },
    ]);
  });

  it.each([{ minutes: 7 }, { minutes: -1 }, { minutes: '15' }, { minutes: 15, extra: true }, {}])(
    'refuses %j with 400 and changes nothing',
    async (payload) => {
      const player = await signedInPlayer();
      expect((await setInterval(player.headers, payload)).statusCode).toBe(400);
      const [row] = await ctx.deps.db.query('SELECT 1 FROM protection_history WHERE player_id = $1', [
        player.id,
      ]);
      expect(row).toBeUndefined();
      const { realityCheckDueAt, signedInAt } = await summary(player.headers);
      expect(Date.parse(realityCheckDueAt)).toBe(Date.parse(signedInAt) + 60 * 60_000);
    },
  );

  it('needs a signed-in player', async () => {
    expect((await setInterval({}, { minutes: 15 })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/session' })).statusCode).toBe(401);
  });
});

describe('session summary', () => {
  it('sums stakes and the net result since sign-in, leaving out the cash desk', async () => {
    const player = await signedInPlayer();
    expect(await summary(player.headers)).toMatchObject({ minutes: 0, staked: '0.00', net: '0.00' });

    const token = await launchToken(player.id);
    const bet = { token, amount: '25.00' };
    expect((await walletCall('bet', { ...bet, transactionId: 'rc-bet-a' })).status).toBe('RS_OK');
    expect((await walletCall('bet', { ...bet, transactionId: 'rc-bet-b' })).status).toBe('RS_OK');
    await walletCall('win', { token, amount: '40.00', referenceTransactionId: 'rc-bet-a' });
    await cashDeskClient(ctx, admin).deposit(player.id, { amount: '500' });

    expect(await summary(player.headers)).toMatchObject({ staked: '50.00', net: '-10.00' });
  });

  it("counts an exchange bet's matched stake, not the unmatched part cancelled", async () => {
    const player = await signedInPlayer();
    const market = await createOperatorMarket(ctx, admin);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/bets',
      headers: player.headers,
      payload: {
        marketId: market.id,
        runnerId: market.runners[0]!.id,
        side: 'BACK',
        price: 1000,
        stake: '100',
        persistence: 'PERSIST',
        clientRef: 'rc-unmatched',
      },
    });
    expect(placed.statusCode).toBe(201);
    const betId = placed.json<{ bet: { id: string } }>().bet.id;
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/bets/${betId}`,
      headers: player.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await summary(player.headers)).toMatchObject({ staked: '0.00', net: '0.00' });
  });

  it('counts from the sign-in of the token asking, not an earlier one', async () => {
    const player = await signedInPlayer();
    const token = await launchToken(player.id);
    await walletCall('bet', { token, amount: '30.00' });
    const again = bearer(await loginAs(ctx.app, `reality-${players}@test.local`, 'secret1'));
    expect(await summary(again)).toMatchObject({ staked: '0.00', net: '0.00' });
    expect(await summary(player.headers)).toMatchObject({ staked: '30.00', net: '-30.00' });
  });
});
