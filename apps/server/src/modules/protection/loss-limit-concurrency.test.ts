import { randomUUID } from 'node:crypto';
import { tickOfDecimalOdds } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openCasinoSession, signBody } from '../casino/index.ts';

/**
 * 50 stakes at once against a loss limit never pass it together (docs/decisions/0235): the limit is a
 * floor in the ledger, judged in the write that moves the money, so at most limit ÷ stake of them are
 * taken, whichever way they arrive.
 */

type Headers = Record<string, string>;
const STAKES = 50;

let ctx: TestContext;
let desk: CashDeskClient;
let admin: Headers;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
});
afterAll(() => ctx.close());

/** A player with 1,000.00 and a daily loss limit of 100.00. */
async function limitedPlayer(): Promise<string> {
  const email = `race-${randomUUID().slice(0, 8)}@test.local`;
  const id = await desk.createPlayer(email);
  expect((await desk.deposit(id, { amount: '1000', remark: 'test' })).statusCode).toBe(200);
  const headers = bearer(await loginAs(ctx.app, email, 'secret1'));
  const payload = { amount: '100' };
  const set = await ctx.app.inject({ method: 'PUT', url: '/api/me/limits/loss/day', headers, payload });
  expect(set.statusCode).toBe(200);
  return id;
}

async function cashOf(playerId: string): Promise<bigint> {
  const [row] = await ctx.deps.db.query<{ balance_minor: string }>(
    'SELECT balance_minor FROM accounts WHERE account_id = $1',
    [`cash:${playerId}`],
  );
  return BigInt(row!.balance_minor);
}

/** An operator's market that takes stakes of 10.00. */
async function smallStakesMarket() {
  const market = await createOperatorMarket(ctx, admin);
  const url = `/api/admin/markets/${encodeURIComponent(market.id)}`;
  const payload = { minStake: '1' };
  expect((await ctx.app.inject({ method: 'PATCH', url, headers: admin, payload })).statusCode).toBe(200);
  return market;
}

const count = (answers: readonly string[], wanted: string) => answers.filter((a) => a === wanted).length;

describe('50 concurrent stakes against a loss limit of 100.00', () => {
  it('takes exactly ten casino bets of 10.00', async () => {
    const playerId = await limitedPlayer();
    const token = await openCasinoSession(ctx.deps.db, { playerId, gameId: 22001, nowMs: Date.now() });
    const bet = async () => {
      const raw = JSON.stringify({
        timestamp: Date.now(),
        token,
        transactionId: randomUUID(),
        roundId: randomUUID(),
        gameId: 22001,
        amount: '10.00',
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/wallet/bet',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-signature': signBody(ctx.deps.env.CASINO_WALLET_SECRET, raw),
        },
      });
      return response.json<{ status: string }>().status;
    };
    const answers = await Promise.all(Array.from({ length: STAKES }, bet));
    expect(count(answers, 'RS_OK')).toBe(10);
    expect(count(answers, 'RS_ERROR_LIMIT_REACHED')).toBe(STAKES - 10);
    expect(await cashOf(playerId)).toBe(90_000n);
  });

  it('takes exactly ten exchange bets of 10.00 on two markets', async () => {
    const playerId = await limitedPlayer();
    const markets = [await smallStakesMarket(), await smallStakesMarket()];
    const tick = tickOfDecimalOdds('3.00');
    if (!tick.ok) throw new Error('no tick');
    const bet = async (index: number) => {
      const market = markets[index % 2]!;
      const answer = await ctx.deps.exchange.run(market.id, {
        type: 'place',
        betId: randomUUID(),
        playerId,
        runnerId: market.runners[0]!.id,
        side: 'BACK',
        priceTick: tick.value,
        stakeMinor: '1000',
        persistence: 'PERSIST',
        clientRef: randomUUID(),
        fingerprint: randomUUID(),
      });
      return answer.ok ? 'OK' : (answer as { code: string }).code;
    };
    const answers = await Promise.all(Array.from({ length: STAKES }, (_, index) => bet(index)));
    expect(count(answers, 'OK')).toBe(10);
    expect(count(answers, 'LOSS_LIMIT_REACHED')).toBe(STAKES - 10);
    expect(await cashOf(playerId)).toBe(90_000n);
  });

  it('lets the ledger take exactly ten stakes that no gate saw', async () => {
    const playerId = await limitedPlayer();
    const stake = () =>
      ctx.deps.wallet.execute({
        op: 'transfer',
        idempotencyKey: `race-${randomUUID()}`,
        debitAccountId: `cash:${playerId}`,
        creditAccountId: 'house',
        amountMinor: 1_000n,
        kind: 'CASINO_BET',
        remark: 'race',
        reference: 'test',
      });
    const outcomes = await Promise.all(Array.from({ length: STAKES }, stake));
    const codes = outcomes.map((outcome) => (outcome.result.ok ? 'OK' : outcome.result.code));
    expect(count(codes, 'OK')).toBe(10);
    expect(count(codes, 'LOSS_LIMIT_REACHED')).toBe(STAKES - 10);
    expect(await cashOf(playerId)).toBe(90_000n);
  });
});
