import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../wallet/index.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { demoPlayer, launchToken, newId, walletCall } from './casino-test-kit.ts';

/** Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where these requests really do race. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const AVIATOR = 22001;
const TWINS = 50;

async function player() {
  const { user } = await demoPlayer(ctx);
  return { playerId: user.id, token: await launchToken(ctx, user.id) };
}

const countTransfers = async (playerId: string, kind: string) => {
  const [row] = await ctx.deps.db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM transfers WHERE kind = $2 AND (debit_account_id = $1 OR credit_account_id = $1)`,
    [`cash:${playerId}`, kind],
  );
  return Number(row?.n);
};

describe('concurrent wallet callbacks', () => {
  it(`posts a bet exactly once when ${TWINS} copies of it arrive at once`, async () => {
    const { playerId, token } = await player();
    const body = { token, transactionId: newId('bet'), roundId: 'r-1', gameId: AVIATOR, amount: '10.00' };
    const answers = await Promise.all(Array.from({ length: TWINS }, () => walletCall(ctx, 'bet', body)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ status: 'RS_OK', balance: '1490.00', currency: 'PTS', httpStatus: 200 })]),
    );
    expect(await countTransfers(playerId, 'CASINO_BET')).toBe(1);
  });

  it(`posts a bet exactly once when the player's money covers only one of ${TWINS} copies`, async () => {
    const { playerId, token } = await player();
    const body = { token, transactionId: newId('bet'), roundId: 'r-1', gameId: AVIATOR, amount: '1000.00' };
    const answers = await Promise.all(Array.from({ length: TWINS }, () => walletCall(ctx, 'bet', body)));
    expect(answers.every((answer) => answer.status === 'RS_OK' && answer.balance === '500.00')).toBe(true);
    expect(await countTransfers(playerId, 'CASINO_BET')).toBe(1);
  });

  it(`credits a win exactly once when ${TWINS} copies of it arrive at once`, async () => {
    const { playerId, token } = await player();
    const betId = newId('bet');
    await walletCall(ctx, 'bet', {
      token,
      transactionId: betId,
      roundId: 'r-1',
      gameId: AVIATOR,
      amount: '10',
    });
    const win = {
      token,
      transactionId: newId('win'),
      roundId: 'r-1',
      gameId: AVIATOR,
      amount: '25',
      referenceTransactionId: betId,
    };
    const answers = await Promise.all(Array.from({ length: TWINS }, () => walletCall(ctx, 'win', win)));
    expect(answers.every((answer) => answer.status === 'RS_OK' && answer.balance === '1515.00')).toBe(true);
    expect(await countTransfers(playerId, 'CASINO_WIN')).toBe(1);
  });

  it('lets either a win or a rollback of one bet through, never both', async () => {
    const { playerId, token } = await player();
    const betId = newId('bet');
    await walletCall(ctx, 'bet', {
      token,
      transactionId: betId,
      roundId: 'r-1',
      gameId: AVIATOR,
      amount: '10',
    });
    const settle = (kind: 'win' | 'rollback') =>
      walletCall(ctx, kind, {
        token,
        transactionId: newId(kind),
        roundId: 'r-1',
        gameId: AVIATOR,
        amount: '10',
        referenceTransactionId: betId,
      });
    const kinds = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? ('win' as const) : ('rollback' as const),
    );
    const answers = await Promise.all(kinds.map((kind) => settle(kind)));
    // Wins may be many; the first settlement decides which kind the bet takes, the other kind is refused.
    const accepted = new Set(kinds.filter((_, i) => answers[i]?.status === 'RS_OK'));
    expect(accepted.size).toBe(1);
    const wins = await countTransfers(playerId, 'CASINO_WIN');
    const reversals = await countTransfers(playerId, 'REVERSAL');
    expect([wins, reversals]).toEqual(accepted.has('win') ? [10, 0] : [0, 1]);
  });

  it('keeps the ledger sound', async () => {
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
  });
});
