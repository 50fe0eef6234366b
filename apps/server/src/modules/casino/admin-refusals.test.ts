import type { AdminCasinoCallback } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { hashToken } from '../auth/index.ts';
import { betsPosted, demoPlayer, launchToken, newId, walletCall } from './casino-test-kit.ts';
import { answerOf } from './wallet-records.ts';
import { RefusalLog, type RefusedCallback } from './wallet-refusals.ts';

/** Refused wallet callbacks are recorded off the callback's path and listed with their answers (0254). */

const AVIATOR = 22001;
let ctx: TestContext;
let admin: Record<string, string>;
let playerId: string;
let token: string;
let accepted: string;
/** The refusals sent, oldest first: transaction id and the status answered. */
const refusals: { transactionId: string; status: string; kind: string }[] = [];

async function list(query: string): Promise<{ items: AdminCasinoCallback[]; next: string | null }> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/casino/callbacks?${query}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function refused(kind: 'bet' | 'win', body: Record<string, unknown>, status: string) {
  const answer = await walletCall(ctx, kind, { token, gameId: AVIATOR, roundId: 'round-1', ...body });
  expect(answer.status).toBe(status);
  // A refusal answers the player's cash as it stands: the accepted bet took 5.00 of 1,500.00.
  expect(answer.balance).toBe('1495.00');
  refusals.push({ transactionId: String(body.transactionId), status, kind });
}

async function switchProvider(enabled: boolean) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/casino/provider',
    headers: admin,
    payload: { enabled },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const { user } = await demoPlayer(ctx);
  playerId = user.id;
  token = await launchToken(ctx, playerId);
  accepted = newId('bet');
  const ok = await walletCall(ctx, 'bet', {
    token,
    transactionId: accepted,
    roundId: 'round-1',
    gameId: AVIATOR,
    amount: '5.00',
  });
  expect(ok.status).toBe('RS_OK');
  await refused('bet', { transactionId: newId('bet'), amount: '99999.00' }, 'RS_ERROR_NOT_ENOUGH_MONEY');
  await refused(
    'win',
    { transactionId: newId('win'), amount: '1.00', referenceTransactionId: 'no-such-bet' },
    'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  );
  await refused('bet', { transactionId: accepted, amount: '6.00' }, 'RS_ERROR_DUPLICATE_TRANSACTION');
  await switchProvider(false);
  await refused('bet', { transactionId: newId('bet'), amount: '1.00' }, 'RS_ERROR_USER_DISABLED');
  await switchProvider(true);
  // Signed, but an hour old: refused before the batch, still recorded with what the body carried.
  await refused(
    'bet',
    { transactionId: newId('bet'), amount: '2.50', timestamp: Date.now() - 3_600_000 },
    'RS_ERROR_INVALID_SIGNATURE',
  );
  // Signed and fresh, but of the wrong shape: recorded with the fields it carried readably.
  await refused('bet', { transactionId: newId('bet'), amount: 'abc' }, 'RS_ERROR_WRONG_TYPES');
  // Neither names a known player: not recorded.
  const stranger = { token: 'no-such-token', transactionId: newId('bet'), roundId: 'r', gameId: AVIATOR };
  expect((await walletCall(ctx, 'bet', { ...stranger, amount: '1.00' })).status).toBe(
    'RS_ERROR_INVALID_TOKEN',
  );
  const forged = { token, transactionId: newId('bet'), roundId: 'r', gameId: AVIATOR, amount: '1.00' };
  expect((await walletCall(ctx, 'bet', forged, 'forged')).status).toBe('RS_ERROR_INVALID_SIGNATURE');
  await ctx.deps.casinoWallet.refusalsRecorded();
});
afterAll(() => ctx.close());

describe('refused casino callbacks', () => {
  it('are listed newest first with their answers, above the accepted ones', async () => {
    const page = await list(`player=${playerId}`);
    expect(page.next).toBeNull();
    const expected = [...refusals].reverse().map(({ transactionId, status, kind }) => ({
      transactionId,
      status,
      kind,
      refused: true,
      balanceAfter: '1495.00',
      playerId,
      gameId: String(AVIATOR),
    }));
    expect(page.items).toEqual([
      ...expected.map((item) => expect.objectContaining(item)),
      expect.objectContaining({ transactionId: accepted, status: 'RS_OK', refused: false, amount: '5.00' }),
    ]);
    expect(page.items[0]).toMatchObject({ amount: '0.00', roundId: 'round-1', referenceTransactionId: null });
    expect(page.items[1]).toMatchObject({ amount: '2.50', roundId: 'round-1', referenceTransactionId: null });
    expect(page.items.find((item) => item.kind === 'win')).toMatchObject({
      referenceTransactionId: 'no-such-bet',
    });
  });

  it('moved no money and wrote no wallet row', async () => {
    expect(await betsPosted(ctx, playerId)).toBe(1);
    const [row] = await ctx.deps.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM casino_transactions WHERE player_id = $1',
      [playerId],
    );
    expect(row?.n).toBe(1);
    const balance = await walletCall(ctx, 'balance', { token });
    expect(balance).toMatchObject({ status: 'RS_OK', balance: '1495.00' });
    expect(ctx.deps.casinoWallet.refusalCounts).toMatchObject({ dropped: 0, failed: 0 });
  });

  it('filter: refused only, accepted only', async () => {
    const only = await list(`player=${playerId}&refused=true`);
    expect(only.items.map((item) => item.transactionId)).toEqual(
      [...refusals].reverse().map((item) => item.transactionId),
    );
    const none = await list(`player=${playerId}&refused=false`);
    expect(none.items.map((item) => item.transactionId)).toEqual([accepted]);
  });

  it('pages both kinds together under one cursor, without repeats', async () => {
    const whole = (await list(`player=${playerId}`)).items.map((item) => item.transactionId);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`player=${playerId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.transactionId));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(whole);
  });

  it("keep to their session's filter", async () => {
    const [session] = await ctx.deps.db.query<{ id: string }>(
      'SELECT id::text AS id FROM casino_sessions WHERE player_id = $1',
      [playerId],
    );
    const page = await list(`session=${session!.id}&refused=true`);
    expect(page.items).toHaveLength(refusals.length);
    const other = await demoPlayer(ctx);
    await launchToken(ctx, other.user.id);
    expect((await list(`player=${other.user.id}`)).items).toEqual([]);
  });
});

describe('the record of refusals', () => {
  const refusal = (transactionId: string): RefusedCallback => ({
    tokenHash: hashToken(token),
    kind: 'BET',
    transactionId,
    roundId: 'r',
    referenceTransactionId: null,
    amountMinor: 100n,
    answer: answerOf('RS_ERROR_UNKNOWN', 0n),
    atMs: Date.now(),
  });

  it('drops what is over its waiting bound, and counts it', async () => {
    const log = new RefusalLog(ctx.deps.db, { maxWaiting: 2 });
    for (const id of ['w-1', 'w-2', 'w-3']) log.record(refusal(id));
    await log.idle();
    expect(log.counts).toEqual({ recorded: 2, dropped: 1, failed: 0 });
  });

  // Last: it deletes every row but the newest few.
  it('keeps only the newest rows', async () => {
    const log = new RefusalLog(ctx.deps.db, { keepRows: 3 });
    const left = async () =>
      (
        await ctx.deps.db.query<{ transaction_id: string }>(
          'SELECT transaction_id FROM casino_refusals ORDER BY seq',
        )
      ).map((row) => row.transaction_id);
    for (const id of ['k-1', 'k-2', 'k-3', 'k-4', 'k-5']) log.record(refusal(id));
    await log.idle();
    // A write prunes what was there before it: every older refusal is gone, its own rows stay.
    expect(await left()).toEqual(['k-1', 'k-2', 'k-3', 'k-4', 'k-5']);
    log.record(refusal('k-6'));
    await log.idle();
    expect(await left()).toEqual(['k-4', 'k-5', 'k-6']);
  });
});
