import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../wallet/index.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { demoPlayer, launchToken, newId, walletCall } from './casino-test-kit.ts';
import { signBody } from '@backlay/contracts/casino-signature';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const OK = { httpStatus: 200, currency: 'PTS' };
const AVIATOR = 22001;

/** A demo player (1,500.00) with a launch token for Aviator. */
async function player(options: { nowMs?: number } = {}) {
  const { user } = await demoPlayer(ctx);
  return { playerId: user.id, token: await launchToken(ctx, user.id, options) };
}

const bet = (token: string, amount: string, transactionId = newId('bet'), roundId = newId('round')) =>
  walletCall(ctx, 'bet', { token, transactionId, roundId, gameId: AVIATOR, amount });

async function casinoTransfers(playerId: string) {
  return ctx.deps.db.query<{ kind: string; amount_minor: bigint; reference: string; remark: string }>(
    `SELECT kind, amount_minor, reference, remark FROM transfers
      WHERE (debit_account_id = $1 OR credit_account_id = $1) AND kind <> 'DEPOSIT' ORDER BY id`,
    [`cash:${playerId}`],
  );
}

describe('wallet signatures', () => {
  it('refuses a missing, wrong or stale signature with HTTP 200 and no balance', async () => {
    const { token } = await player();
    const body = JSON.stringify({ token, timestamp: Date.now() });
    const secret = ctx.deps.env.CASINO_WALLET_SECRET;
    const refused = { ...OK, status: 'RS_ERROR_INVALID_SIGNATURE', balance: '0.00' };
    expect(await walletCall(ctx, 'balance', body, null)).toEqual(refused);
    expect(await walletCall(ctx, 'balance', body, signBody('some-other-secret-000', body))).toEqual(refused);
    expect(await walletCall(ctx, 'balance', body, signBody(secret, `${body} `))).toEqual(refused);
    const stale = JSON.stringify({ token, timestamp: Date.now() - 6 * 60 * 1000 });
    expect((await walletCall(ctx, 'balance', stale)).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const early = JSON.stringify({ token, timestamp: Date.now() + 6 * 60 * 1000 });
    expect((await walletCall(ctx, 'balance', early)).status).toBe('RS_ERROR_INVALID_SIGNATURE');
  });

  it('does not let a forged bet move money', async () => {
    const { playerId, token } = await player();
    const body = JSON.stringify({
      token,
      timestamp: Date.now(),
      transactionId: newId('t'),
      roundId: 'r1',
      gameId: AVIATOR,
      amount: '10',
    });
    expect((await walletCall(ctx, 'bet', body, 'ab'.repeat(32))).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await casinoTransfers(playerId)).toEqual([]);
  });
});

describe('wallet balance', () => {
  it("answers the player's cash", async () => {
    const { token } = await player();
    expect(await walletCall(ctx, 'balance', { token })).toEqual({
      ...OK,
      status: 'RS_OK',
      balance: '1500.00',
    });
  });

  it('refuses an unknown token and a token that has expired', async () => {
    expect((await walletCall(ctx, 'balance', { token: 'no-such-token' })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const { token } = await player({ nowMs: Date.now() - 5 * 60 * 60 * 1000 });
    expect(await walletCall(ctx, 'balance', { token })).toEqual({
      ...OK,
      status: 'RS_ERROR_TOKEN_EXPIRED',
      balance: '1500.00',
    });
  });

  it('answers RS_ERROR_WRONG_TYPES for a signed body that is not the expected shape', async () => {
    const { token } = await player();
    expect((await walletCall(ctx, 'balance', '{not json')).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await walletCall(ctx, 'balance', JSON.stringify({ token }))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await walletCall(ctx, 'balance', { token: 42 })).status).toBe('RS_ERROR_WRONG_TYPES');
  });
});

describe('a player below zero', () => {
  /** What a re-settlement does to a player who spent the winnings (docs/decisions/0252). */
  async function takeBelowZero(playerId: string, amountMinor: bigint) {
    await ctx.deps.db.transaction(async (tx) => {
      await tx.query('UPDATE accounts SET overdraft_minor = $2 WHERE account_id = $1', [
        `cash:${playerId}`,
        amountMinor,
      ]);
      await tx.query("SELECT set_config('ledger.overdraft', 'on', true)");
      const [row] = await tx.query<{ code: string | null }>(
        "SELECT code FROM ledger_transfer($1, $1, $2, 'house', $3, 'BET_LOSS', 're-settled', '')",
        [newId('resettle'), `cash:${playerId}`, amountMinor],
      );
      expect(row?.code).toBeNull();
    });
  }

  it('is answered a balance of 0.00, refused bets, and paid wins', async () => {
    const { playerId, token } = await player();
    const staked = newId('bet');
    expect((await bet(token, '10.00', staked)).balance).toBe('1490.00');
    await takeBelowZero(playerId, 159_000n);
    expect(await walletCall(ctx, 'balance', { token })).toEqual({ ...OK, status: 'RS_OK', balance: '0.00' });
    expect(await bet(token, '1.00')).toEqual({ ...OK, status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '0.00' });
    const win = (amount: string) =>
      walletCall(ctx, 'win', {
        token,
        transactionId: newId('win'),
        roundId: newId('round'),
        gameId: AVIATOR,
        amount,
        referenceTransactionId: staked,
      });
    expect(await win('50.00')).toEqual({ ...OK, status: 'RS_OK', balance: '0.00' });
    const [cash] = await ctx.deps.db.query<{ n: string }>(
      'SELECT balance_minor::text AS n FROM accounts WHERE account_id = $1',
      [`cash:${playerId}`],
    );
    expect(cash?.n).toBe('-5000');
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
  });
});

describe('wallet bets', () => {
  it('debits the stake to casino clearing under a casino reference the player can read', async () => {
    const { playerId, token } = await player();
    const answer = await bet(token, '12.50', newId('bet'), 'round-123');
    expect(answer).toEqual({ ...OK, status: 'RS_OK', balance: '1487.50' });
    expect(await casinoTransfers(playerId)).toEqual([
      {
        kind: 'CASINO_BET',
        amount_minor: 1250n,
        reference: `casino:${AVIATOR}:round-123`,
        remark: 'Aviator · round round-123: bet',
      },
    ]);
    expect((await walletCall(ctx, 'balance', { token })).balance).toBe('1487.50');
  });

  it('answers a replay with the first answer and moves nothing, whatever happened since', async () => {
    const { playerId, token } = await player();
    const transactionId = newId('bet');
    const first = await bet(token, '100', transactionId, 'r-1');
    await bet(token, '50');
    const replay = await bet(token, '100', transactionId, 'r-1');
    expect(replay).toEqual(first);
    expect(first.balance).toBe('1400.00');
    expect((await casinoTransfers(playerId)).length).toBe(2);
    expect((await walletCall(ctx, 'balance', { token })).balance).toBe('1350.00');
  });

  it('refuses the same transaction id with another body as a duplicate', async () => {
    const { playerId, token } = await player();
    const transactionId = newId('bet');
    await bet(token, '100', transactionId, 'r-1');
    const other = await bet(token, '101', transactionId, 'r-1');
    expect(other).toEqual({ ...OK, status: 'RS_ERROR_DUPLICATE_TRANSACTION', balance: '1400.00' });
    const otherRound = await bet(token, '100', transactionId, 'r-2');
    expect(otherRound.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await casinoTransfers(playerId)).length).toBe(1);
  });

  it('refuses a bet above the balance with the current balance', async () => {
    const { playerId, token } = await player();
    expect(await bet(token, '1500.01')).toEqual({
      ...OK,
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: '1500.00',
    });
    expect(await casinoTransfers(playerId)).toEqual([]);
    expect((await bet(token, '1500.00')).balance).toBe('0.00');
  });

  it.each([['-5'], ['abc'], ['1.234'], ['0'], ['0.00'], ['1e3'], [''], [' 5']])(
    'refuses the amount %j with RS_ERROR_WRONG_TYPES',
    async (amount) => {
      const { playerId, token } = await player();
      expect(await bet(token, amount)).toEqual({ ...OK, status: 'RS_ERROR_WRONG_TYPES', balance: '1500.00' });
      expect(await casinoTransfers(playerId)).toEqual([]);
    },
  );

  it('refuses a number where the amount is a decimal string', async () => {
    const { token } = await player();
    const answer = await walletCall(ctx, 'bet', {
      token,
      transactionId: newId('b'),
      roundId: 'r',
      gameId: AVIATOR,
      amount: 5,
    });
    expect(answer.status).toBe('RS_ERROR_WRONG_TYPES');
  });

  it('refuses bets once the launch token has expired, and for another game', async () => {
    const expired = await player({ nowMs: Date.now() - 4 * 60 * 60 * 1000 - 1000 });
    expect(await bet(expired.token, '10')).toEqual({
      ...OK,
      status: 'RS_ERROR_TOKEN_EXPIRED',
      balance: '1500.00',
    });
    const { token } = await player();
    const otherGame = await walletCall(ctx, 'bet', {
      token,
      transactionId: newId('b'),
      roundId: 'r',
      gameId: 22004,
      amount: '1',
    });
    expect(otherGame.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('refuses new bets of a suspended player', async () => {
    const { playerId, token } = await player();
    await ctx.deps.db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [playerId]);
    expect((await bet(token, '10')).status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('keeps the ledger sound', async () => {
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
  });
});
