import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRequest } from '@backlay/ledger';
import { auditLedger, WalletService } from '../wallet/index.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import {
  betCallback,
  betsPosted,
  demoPlayer,
  launchToken,
  newId,
  settleCallback,
  watchedDatabase,
} from './casino-test-kit.ts';
import type { Callback } from './wallet-request.ts';
import { CasinoWallet } from './wallet-service.ts';
import { AdmissionGate } from '../admission/index.ts';
import { standingReads } from '../protection/index.ts';

/**
 * Callbacks handed in together are decided and written as one batch (docs/decisions/0182): these
 * cases put callbacks that depend on each other into one batch and expect what one-at-a-time would
 * answer. Each test counts the transactions so the batch really was one.
 */
let ctx: TestContext;
let transactions = 0;
let casino: CasinoWallet;
/** Ledger keys whose batch fails on the database, as a bad callback would. */
const poisoned = new Set<string>();
/** Runs once, right after the next batch's read: a change another process makes meanwhile. */
let afterNextRead: (() => Promise<unknown>) | null = null;

beforeAll(async () => {
  ctx = await startTestApp();
  const db = watchedDatabase(ctx.deps.db, {
    onTransaction: () => (transactions += 1),
    afterStatement: async (text) => {
      const hook = text.includes('WITH locked AS') ? afterNextRead : null;
      afterNextRead = hook ? null : afterNextRead;
      await hook?.();
    },
  });
  const wallet = new WalletService(db, ctx.deps.bus);
  const isPoisoned = (requests: readonly LedgerRequest[]) =>
    requests.some((request) => poisoned.has(request.idempotencyKey));
  const poison = () => Promise.reject(new Error('poisoned callback'));
  const executeMany = wallet.executeMany.bind(wallet);
  wallet.executeMany = (requests) => (isPoisoned(requests) ? poison() : executeMany(requests));
  const oneCall = wallet.ledger.oneCall.bind(wallet.ledger);
  // Items the database cannot read: the call fails there.
  wallet.ledger.oneCall = (requests) => {
    const call = oneCall(requests);
    return call && isPoisoned(requests) ? { ...call, items: 'poisoned' } : call;
  };
  casino = new CasinoWallet({ db, wallet, admission: ctx.deps.admission });
});
afterAll(() => ctx.close());

async function player() {
  const { user } = await demoPlayer(ctx);
  return { playerId: user.id, token: await launchToken(ctx, user.id) };
}

const bet = betCallback;
const settle = settleCallback;

/** Hands the callbacks in together; answers status and balance of each, and how many transactions ran. */
async function inOneGo(callbacks: Callback[]) {
  const before = transactions;
  const answers = await Promise.all(callbacks.map((callback) => casino.answer(callback)));
  return {
    answers: answers.map((answer) => `${answer.status} ${answer.balance}`),
    transactions: transactions - before,
  };
}

describe('one batch of wallet callbacks', () => {
  it('places a bet and settles it in the same batch, in arrival order', async () => {
    const { token } = await player();
    const betId = newId('bet');
    const result = await inOneGo([
      bet({ token, transactionId: betId, amount: '100' }),
      settle('win', { token, transactionId: newId('win'), amount: '30', betId }),
      settle('rollback', { token, transactionId: newId('rb'), amount: '100', betId }),
    ]);
    expect(result).toEqual({
      answers: ['RS_OK 1400.00', 'RS_OK 1430.00', 'RS_ERROR_UNKNOWN 1430.00'],
      transactions: 1,
    });
  });

  it('refuses a win after a rollback of the same bet in the same batch', async () => {
    const { token } = await player();
    const betId = newId('bet');
    await casino.answer(bet({ token, transactionId: betId, amount: '100' }));
    const result = await inOneGo([
      settle('rollback', { token, transactionId: newId('rb'), amount: '100', betId }),
      settle('win', { token, transactionId: newId('win'), amount: '30', betId }),
      settle('rollback', { token, transactionId: newId('rb'), amount: '100', betId }),
    ]);
    expect(result.answers).toEqual([
      'RS_OK 1500.00',
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST 1500.00',
      'RS_OK 1500.00',
    ]);
  });

  it("answers each callback with the player's cash right after it", async () => {
    const { token } = await player();
    const open = newId('bet');
    await casino.answer(bet({ token, transactionId: open, amount: '100' }));
    const result = await inOneGo([
      bet({ token, transactionId: newId('bet'), amount: '1000' }),
      bet({ token, transactionId: newId('bet'), amount: '1000' }),
      settle('win', { token, transactionId: newId('win'), amount: '0', betId: open }),
      bet({ token, transactionId: newId('bet'), amount: '50' }),
    ]);
    expect(result).toEqual({
      answers: ['RS_OK 400.00', 'RS_ERROR_NOT_ENOUGH_MONEY 400.00', 'RS_OK 400.00', 'RS_OK 350.00'],
      transactions: 1,
    });
  });

  it('reports the cash before a later movement to a refusal that came first', async () => {
    const { token } = await player();
    const open = newId('bet');
    await casino.answer(bet({ token, transactionId: open, amount: '100' }));
    const result = await inOneGo([
      bet({ token, transactionId: newId('bet'), amount: '1450' }),
      settle('win', { token, transactionId: newId('win'), amount: '200', betId: open }),
    ]);
    expect(result.answers).toEqual(['RS_ERROR_NOT_ENOUGH_MONEY 1400.00', 'RS_OK 1600.00']);
  });

  it("keeps a player's callbacks in arrival order behind one that waits for the next pass", async () => {
    const { token } = await player();
    const betId = newId('bet');
    const result = await inOneGo([
      bet({ token, transactionId: betId, amount: '1500' }),
      settle('win', { token, transactionId: newId('win'), amount: '100', betId }),
      bet({ token, transactionId: newId('bet'), amount: '100' }),
    ]);
    expect(result).toEqual({ answers: ['RS_OK 0.00', 'RS_OK 100.00', 'RS_OK 0.00'], transactions: 1 });
  });

  it('decides a refused callback sent again anew, as one at a time would', async () => {
    const { token } = await player();
    const open = newId('bet');
    await casino.answer(bet({ token, transactionId: open, amount: '100' }));
    const tooMuch = bet({ token, transactionId: newId('bet'), amount: '2000' });
    const unknown = settle('win', { token, transactionId: newId('win'), amount: '5', betId: newId('bet') });
    const result = await inOneGo([
      tooMuch,
      unknown,
      settle('win', { token, transactionId: newId('win'), amount: '700', betId: open }),
      tooMuch,
      unknown,
    ]);
    expect(result.answers).toEqual([
      'RS_ERROR_NOT_ENOUGH_MONEY 1400.00',
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST 1400.00',
      'RS_OK 2100.00',
      'RS_OK 100.00',
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST 100.00',
    ]);
  });

  it('answers twins in one batch as one request, and another body under the id as a duplicate', async () => {
    const { playerId, token } = await player();
    const transactionId = newId('bet');
    const result = await inOneGo([
      bet({ token, transactionId, amount: '10' }),
      bet({ token, transactionId, amount: '10' }),
      bet({ token, transactionId, amount: '20' }),
      bet({ token: 'nobody-holds-this', transactionId: newId('bet'), amount: '10' }),
    ]);
    expect(result.answers).toEqual([
      'RS_OK 1490.00',
      'RS_OK 1490.00',
      'RS_ERROR_DUPLICATE_TRANSACTION 1490.00',
      'RS_ERROR_INVALID_TOKEN 0.00',
    ]);
    expect(await betsPosted(ctx, playerId)).toBe(1);
  });

  it('records each bet of a foreseen batch with its transfer, so that a later rollback reverses it', async () => {
    const { playerId, token } = await player();
    const [first, second] = [newId('bet'), newId('bet')];
    const placed = await inOneGo([
      bet({ token, transactionId: first, amount: '10' }),
      bet({ token, transactionId: second, amount: '20' }),
    ]);
    expect(placed).toEqual({ answers: ['RS_OK 1490.00', 'RS_OK 1470.00'], transactions: 1 });
    const rows = await ctx.deps.db.query<{ linked: boolean }>(
      'SELECT ledger_transfer_id IS NOT NULL AS linked FROM casino_transactions WHERE player_id = $1',
      [playerId],
    );
    expect(rows).toEqual([{ linked: true }, { linked: true }]);
    const undone = await casino.answer(
      settle('rollback', { token, transactionId: newId('rb'), amount: '20', betId: second }),
    );
    expect(`${undone.status} ${undone.balance}`).toBe('RS_OK 1490.00');
  });

  // Another connection changes the player's cash between the batch's read and its ledger call; PGlite
  // has one connection, so the change cannot happen there.
  it.runIf(process.env.DATABASE_URL)(
    'writes a batch again the ordinary way when a cash change it did not foresee came first',
    async () => {
      const { playerId, token } = await player();
      afterNextRead = () => ctx.deps.wallet.deposit({ playerId, amountMinor: 10_000n, remark: 'meanwhile' });
      const ids = [newId('bet'), newId('bet')];
      const result = await inOneGo([
        bet({ token, transactionId: ids[0]!, amount: '10' }),
        bet({ token, transactionId: ids[1]!, amount: '20' }),
      ]);
      expect(result).toEqual({ answers: ['RS_OK 1590.00', 'RS_OK 1570.00'], transactions: 2 });
      expect(await betsPosted(ctx, playerId)).toBe(2);
    },
  );

  it('counts how it wrote its batches: foreseen, or the ordinary way when a bet would overdraw', async () => {
    const { token } = await player();
    const plain = [10, 20].map((amount) => bet({ token, transactionId: newId('bet'), amount: `${amount}` }));
    const before = casino.stats;
    await inOneGo(plain);
    const afterPlain = casino.stats;
    await inOneGo([bet({ token, transactionId: newId('bet'), amount: '100000' })]);
    const written = (from: typeof before, to: typeof before) => ({
      batches: to.batches - from.batches,
      items: to.items - from.items,
      foreseenPasses: to.foreseenPasses - from.foreseenPasses,
      writtenPasses: to.writtenPasses - from.writtenPasses,
      failedAttempts: to.failedAttempts - from.failedAttempts,
      alone: to.alone - from.alone,
    });
    expect(written(before, afterPlain)).toEqual({
      batches: 1,
      items: 2,
      foreseenPasses: 1,
      writtenPasses: 0,
      failedAttempts: 0,
      alone: 0,
    });
    expect(written(afterPlain, casino.stats)).toMatchObject({
      batches: 1,
      foreseenPasses: 0,
      writtenPasses: 1,
    });
  });

  it('keeps the other callbacks of a batch when one of them fails on the database', async () => {
    const { token } = await player();
    const bad = newId('bet');
    poisoned.add(`casino-wallet:${bad}`);
    const before = casino.stats;
    const callbacks = [
      bet({ token, transactionId: newId('bet'), amount: '10' }),
      bet({ token, transactionId: bad, amount: '10' }),
      bet({ token, transactionId: newId('bet'), amount: '10' }),
    ];
    const settled = await Promise.allSettled(callbacks.map((callback) => casino.answer(callback)));
    expect(settled.map((one) => (one.status === 'fulfilled' ? one.value.status : 'failed'))).toEqual([
      'RS_OK',
      'failed',
      'RS_OK',
    ]);
    expect(casino.stats).toMatchObject({
      failedAttempts: before.failedAttempts + 2,
      alone: before.alone + callbacks.length,
    });
  });

  it('posts once when copies of a bet reach two wallets at once, as in two processes', async () => {
    const { playerId, token } = await player();
    const other = new CasinoWallet({
      ...ctx.deps,
      admission: new AdmissionGate(ctx.deps.db, standingReads, ctx.deps.bus),
    });
    const copies = (transactionId: string, amount: string) =>
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? casino : other).answer(bet({ token, transactionId, amount })),
      );
    const all = await Promise.all(copies(newId('bet'), '1000'));
    const some = await Promise.all(copies(newId('bet'), '100'));
    expect(new Set(all.map((answer) => `${answer.status} ${answer.balance}`))).toEqual(
      new Set(['RS_OK 500.00']),
    );
    expect(new Set(some.map((answer) => `${answer.status} ${answer.balance}`))).toEqual(
      new Set(['RS_OK 400.00']),
    );
    expect(await betsPosted(ctx, playerId)).toBe(2);
  });

  it('keeps the ledger sound', async () => {
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
  });
});
