import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../wallet/index.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { demoPlayer, launchToken, newId, walletCall } from './casino-test-kit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const OK = { httpStatus: 200, currency: 'PTS' };
const AVIATOR = 22001;

/** A player with an open 100.00 bet in round `roundId` (balance 1,400.00 after it). */
async function openBet() {
  const { user } = await demoPlayer(ctx);
  const token = await launchToken(ctx, user.id);
  const betId = newId('bet');
  const roundId = newId('round');
  const placed = await walletCall(ctx, 'bet', {
    token,
    transactionId: betId,
    roundId,
    gameId: AVIATOR,
    amount: '100',
  });
  return { playerId: user.id, token, betId, roundId, placed };
}

/** The round outlives the launch token: it ran out after the bet went in. */
const expireLaunchTokens = (playerId: string) =>
  ctx.deps.db.query(
    `UPDATE casino_sessions SET expires_at = now() - interval '1 second' WHERE player_id = $1`,
    [playerId],
  );

type Bet = Awaited<ReturnType<typeof openBet>>;
const settle = (
  kind: 'win' | 'rollback',
  b: Bet,
  amount: string,
  transactionId = newId(kind),
  token = b.token,
) =>
  walletCall(ctx, kind, {
    token,
    transactionId,
    roundId: b.roundId,
    gameId: AVIATOR,
    amount,
    referenceTransactionId: b.betId,
  });

const kindsOf = async (playerId: string) =>
  (
    await ctx.deps.db.query<{ kind: string; remark: string }>(
      `SELECT kind, remark FROM transfers WHERE (debit_account_id = $1 OR credit_account_id = $1)
          AND kind <> 'DEPOSIT' ORDER BY id`,
      [`cash:${playerId}`],
    )
  ).map((row) => row.kind);

describe('wallet wins', () => {
  it('credits the win from casino clearing', async () => {
    const b = await openBet();
    expect(await settle('win', b, '250.00')).toEqual({ ...OK, status: 'RS_OK', balance: '1650.00' });
    expect(await kindsOf(b.playerId)).toEqual(['CASINO_BET', 'CASINO_WIN']);
  });

  it('takes a win of 0 as the close of a lost round, moving nothing', async () => {
    const b = await openBet();
    expect(await settle('win', b, '0')).toEqual({ ...OK, status: 'RS_OK', balance: '1400.00' });
    expect(await kindsOf(b.playerId)).toEqual(['CASINO_BET']);
  });

  it('answers a replayed win with the first answer and credits once', async () => {
    const b = await openBet();
    const transactionId = newId('win');
    const first = await settle('win', b, '30', transactionId);
    expect(await settle('win', b, '30', transactionId)).toEqual(first);
    expect((await settle('win', b, '31', transactionId)).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await kindsOf(b.playerId)).toEqual(['CASINO_BET', 'CASINO_WIN']);
  });

  it("refuses a win of an unknown bet, or of another player's bet", async () => {
    const b = await openBet();
    const other = await openBet();
    const unknown = { ...b, betId: 'never-placed' };
    expect(await settle('win', unknown, '10')).toEqual({
      ...OK,
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      balance: '1400.00',
    });
    expect((await settle('win', { ...b, betId: other.betId }, '10')).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await kindsOf(b.playerId)).toEqual(['CASINO_BET']);
  });

  it('accepts a win after the launch token expired', async () => {
    const b = await openBet();
    expect(b.placed.status).toBe('RS_OK');
    await expireLaunchTokens(b.playerId);
    expect((await walletCall(ctx, 'balance', { token: b.token })).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await settle('win', b, '5')).toEqual({ ...OK, status: 'RS_OK', balance: '1405.00' });
  });
});

describe('wallet rollbacks', () => {
  it('reverses the bet in full', async () => {
    const b = await openBet();
    expect(await settle('rollback', b, '100')).toEqual({ ...OK, status: 'RS_OK', balance: '1500.00' });
    expect(await kindsOf(b.playerId)).toEqual(['CASINO_BET', 'REVERSAL']);
  });

  it('refuses a rollback after a win, even a win of 0', async () => {
    const won = await openBet();
    await settle('win', won, '10');
    expect(await settle('rollback', won, '100')).toEqual({
      ...OK,
      status: 'RS_ERROR_UNKNOWN',
      balance: '1410.00',
    });
    const lost = await openBet();
    await settle('win', lost, '0');
    expect((await settle('rollback', lost, '100')).status).toBe('RS_ERROR_UNKNOWN');
    expect(await kindsOf(lost.playerId)).toEqual(['CASINO_BET']);
  });

  it('refuses a win after a rollback', async () => {
    const b = await openBet();
    await settle('rollback', b, '100');
    expect((await settle('win', b, '10')).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await kindsOf(b.playerId)).toEqual(['CASINO_BET', 'REVERSAL']);
  });

  it('refuses a rollback of an unknown bet', async () => {
    const b = await openBet();
    expect((await settle('rollback', { ...b, betId: 'never-placed' }, '1')).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
  });

  it('replays a rollback, and a second rollback of the same bet moves nothing', async () => {
    const b = await openBet();
    const transactionId = newId('rb');
    const first = await settle('rollback', b, '100', transactionId);
    expect(await settle('rollback', b, '100', transactionId)).toEqual(first);
    expect(await settle('rollback', b, '100')).toEqual({ ...OK, status: 'RS_OK', balance: '1500.00' });
    expect(await kindsOf(b.playerId)).toEqual(['CASINO_BET', 'REVERSAL']);
  });

  it('accepts a rollback after the launch token expired', async () => {
    const b = await openBet();
    await expireLaunchTokens(b.playerId);
    expect((await settle('rollback', b, '100')).status).toBe('RS_OK');
  });

  it('settles for a suspended player', async () => {
    const b = await openBet();
    await ctx.deps.db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [b.playerId]);
    expect((await settle('win', b, '1')).status).toBe('RS_OK');
  });

  it('keeps the ledger sound', async () => {
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
  });
});
