import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, readPlayerBalances, WalletService } from '../wallet/index.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import {
  betCallback as bet,
  betsPosted,
  demoPlayer,
  launchToken,
  newId,
  settleCallback as settle,
  watchedDatabase,
} from './casino-test-kit.ts';
import type { Callback } from './wallet-request.ts';
import { CasinoWallet } from './wallet-service.ts';
import { AdmissionGate } from '../admission/index.ts';
import { standingReads } from '../protection/index.ts';

/**
 * A batch whose tokens, players and bets earlier batches told the wallet about is decided from memory
 * and written without a read (docs/decisions/0202). These cases change what memory holds behind its
 * back, as another service or process would, and expect the answers a fresh read would give.
 */
let ctx: TestContext;
let casino: CasinoWallet;
let transactions = 0;
/** Batches that read before deciding (wallet-repo.ts readBatch). */
let reads = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  const db = watchedDatabase(ctx.deps.db, {
    onTransaction: () => (transactions += 1),
    afterStatement: (text) => {
      if (text.includes('WITH locked AS')) reads += 1;
    },
  });
  casino = new CasinoWallet({
    db,
    wallet: new WalletService(db, ctx.deps.bus),
    admission: ctx.deps.admission,
  });
});
afterAll(() => ctx.close());

async function player() {
  const { user } = await demoPlayer(ctx);
  return { playerId: user.id, token: await launchToken(ctx, user.id) };
}

/** Hands the callbacks in together; answers status and balance of each, and what the batch did. */
async function fromMemory(callbacks: Callback[]) {
  const [transactionsBefore, readsBefore, before] = [transactions, reads, casino.stats];
  const answers = await Promise.all(callbacks.map((callback) => casino.answer(callback)));
  return {
    answers: answers.map((answer) => `${answer.status} ${answer.balance}`),
    transactions: transactions - transactionsBefore,
    reads: reads - readsBefore,
    remembered: casino.stats.rememberedBatches - before.rememberedBatches,
    failedAttempts: casino.stats.failedAttempts - before.failedAttempts,
  };
}

describe('a batch decided from memory', () => {
  async function playerWithOpenBet() {
    const known = await player();
    const betId = newId('bet');
    await casino.answer(bet({ token: known.token, transactionId: betId, amount: '100' }));
    return { ...known, betId };
  }

  const betRow = async (betId: string) =>
    (
      await ctx.deps.db.query<{ win_minor: bigint; bet_status: string }>(
        'SELECT win_minor, bet_status FROM casino_transactions WHERE transaction_id = $1',
        [betId],
      )
    )[0];

  it('settles and places bets of players it knows in one transaction without a read', async () => {
    const { token, betId } = await playerWithOpenBet();
    const result = await fromMemory([
      settle('win', { token, transactionId: newId('win'), amount: '250', betId }),
      bet({ token, transactionId: newId('bet'), amount: '40' }),
      settle('win', { token, transactionId: newId('win'), amount: '0', betId }),
    ]);
    expect(result).toEqual({
      answers: ['RS_OK 1650.00', 'RS_OK 1610.00', 'RS_OK 1610.00'],
      transactions: 1,
      reads: 0,
      remembered: 1,
      failedAttempts: 0,
    });
    expect(await betRow(betId)).toEqual({ win_minor: 25_000n, bet_status: 'WON' });
  });

  it('reads afresh when the cash it remembers changed elsewhere', async () => {
    const { playerId, token, betId } = await playerWithOpenBet();
    await ctx.deps.wallet.deposit({ playerId, amountMinor: 10_000n, remark: 'meanwhile' });
    const moving = await fromMemory([bet({ token, transactionId: newId('bet'), amount: '10' })]);
    expect(moving).toMatchObject({ answers: ['RS_OK 1490.00'], reads: 1, remembered: 0, failedAttempts: 1 });
    await ctx.deps.wallet.deposit({ playerId, amountMinor: 10_000n, remark: 'meanwhile' });
    const still = await fromMemory([
      settle('win', { token, transactionId: newId('win'), amount: '0', betId }),
    ]);
    expect(still).toMatchObject({ answers: ['RS_OK 1590.00'], reads: 1, failedAttempts: 1 });
    const again = await fromMemory([bet({ token, transactionId: newId('bet'), amount: '10' })]);
    expect(again).toMatchObject({ answers: ['RS_OK 1580.00'], reads: 0, remembered: 1 });
  });

  it('reads before it refuses, so a replay after the token expired gets its recorded answer', async () => {
    const { user } = await demoPlayer(ctx);
    const token = await launchToken(ctx, user.id, { ttlMs: 1_000 });
    const placed = bet({ token, transactionId: newId('bet'), amount: '100' });
    await casino.answer(placed);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const replayed = await fromMemory([placed]);
    expect(replayed).toMatchObject({ answers: ['RS_OK 1400.00'], reads: 1, remembered: 0 });
  });

  it('refuses bets while the operator suspends the player, and still settles open rounds', async () => {
    const { playerId, token, betId } = await playerWithOpenBet();
    await ctx.deps.db.query("UPDATE users SET status = 'suspended' WHERE id = $1", [playerId]);
    const refused = await fromMemory([bet({ token, transactionId: newId('bet'), amount: '10' })]);
    expect(refused).toMatchObject({ answers: ['RS_ERROR_INVALID_TOKEN 1400.00'], failedAttempts: 1 });
    const settled = await fromMemory([
      settle('win', { token, transactionId: newId('win'), amount: '5', betId }),
    ]);
    expect(settled).toMatchObject({ answers: ['RS_OK 1405.00'], reads: 0, failedAttempts: 0 });
    const refusedAgain = await fromMemory([bet({ token, transactionId: newId('bet'), amount: '10' })]);
    expect(refusedAgain).toMatchObject({ answers: ['RS_ERROR_INVALID_TOKEN 1405.00'], reads: 1 });
    await ctx.deps.db.query("UPDATE users SET status = 'active' WHERE id = $1", [playerId]);
    const reactivated = await fromMemory([bet({ token, transactionId: newId('bet'), amount: '10' })]);
    expect(reactivated).toMatchObject({ answers: ['RS_OK 1395.00'], reads: 1, failedAttempts: 0 });
  });

  it('answers a replay of an earlier transaction with its first answer and moves nothing', async () => {
    const { playerId, token } = await playerWithOpenBet();
    const transactionId = newId('bet');
    await casino.answer(bet({ token, transactionId, amount: '10' }));
    const replay = await fromMemory([
      bet({ token, transactionId, amount: '10' }),
      bet({ token, transactionId: newId('bet'), amount: '20' }),
    ]);
    expect(replay).toMatchObject({ answers: ['RS_OK 1390.00', 'RS_OK 1370.00'], failedAttempts: 1 });
    expect(await betsPosted(ctx, playerId)).toBe(3);
  });

  it('settles a bet only as it stands, when another wallet settled it since', async () => {
    const { token, betId } = await playerWithOpenBet();
    const other = new CasinoWallet({
      ...ctx.deps,
      admission: new AdmissionGate(ctx.deps.db, standingReads, ctx.deps.bus),
    });
    await other.answer(settle('win', { token, transactionId: newId('win'), amount: '30', betId }));
    const result = await fromMemory([
      settle('win', { token, transactionId: newId('win'), amount: '20', betId }),
    ]);
    expect(result).toMatchObject({ answers: ['RS_OK 1450.00'], reads: 1, failedAttempts: 1 });
    expect(await betRow(betId)).toEqual({ win_minor: 5_000n, bet_status: 'WON' });
  });

  it('settles a bet only as it stands, when its row changed elsewhere and no cash moved', async () => {
    const { token, betId } = await playerWithOpenBet();
    // As another process recording a win whose money moved under another key: this cash stays put, so
    // only the check of the bet itself can tell.
    await ctx.deps.db.query(
      "UPDATE casino_transactions SET win_minor = 1000, bet_status = 'WON' WHERE transaction_id = $1",
      [betId],
    );
    const result = await fromMemory([
      settle('win', { token, transactionId: newId('win'), amount: '20', betId }),
    ]);
    expect(result).toMatchObject({ answers: ['RS_OK 1420.00'], reads: 1, failedAttempts: 1 });
    expect(await betRow(betId)).toEqual({ win_minor: 3_000n, bet_status: 'WON' });
  });

  it('stays right when two wallets, as two processes, play the same player at once', async () => {
    const { playerId, token } = await player();
    const wallets = [
      casino,
      new CasinoWallet({
        ...ctx.deps,
        admission: new AdmissionGate(ctx.deps.db, standingReads, ctx.deps.bus),
      }),
    ];
    const play = async (wallet: CasinoWallet) => {
      const statuses: string[] = [];
      for (let round = 0; round < 6; round += 1) {
        const betId = newId('bet');
        const placed = await wallet.answer(bet({ token, transactionId: betId, amount: '10' }));
        const won = await wallet.answer(
          settle('win', { token, transactionId: newId('win'), amount: '15', betId }),
        );
        statuses.push(placed.status, won.status);
      }
      return statuses;
    };
    const failedBefore = wallets.map((wallet) => wallet.stats.failedAttempts);
    const statuses = await Promise.all(wallets.map(play));
    expect(new Set(statuses.flat())).toEqual(new Set(['RS_OK']));
    expect((await readPlayerBalances(ctx.deps.db, playerId))?.cashMinor).toBe(150_000n + 12n * 500n);
    // Each wallet moved the cash the other remembered: their checks failed, and they read afresh.
    const failed = wallets.map((wallet, at) => wallet.stats.failedAttempts - failedBefore[at]!);
    expect(failed[0]! + failed[1]!).toBeGreaterThan(0);
  });

  it('keeps the ledger sound', async () => {
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
  });
});
