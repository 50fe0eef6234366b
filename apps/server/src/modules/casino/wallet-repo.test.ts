import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../db/database.ts';
import { readsDuring } from '../../test/table-reads.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { hashToken } from '../auth/index.ts';
import { demoPlayer, launchToken, newId } from './casino-test-kit.ts';
import { betTransfer, winTransfer } from './wallet-ledger.ts';
import { answerOf } from './wallet-records.ts';
import { readBatch, writeForeseen, writeTransactions, type NewTransaction } from './wallet-repo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const GAME = '22001';
/** A demo player's cash, which every round below leaves as it found it (bet 1.00, win 1.00). */
const CASH = 150_000n;

/** A round written the way batches from memory write it: a foreseen bet, then its win settling it. */
async function playRound(tx: Sql, playerId: string): Promise<void> {
  const roundId = newId('round');
  const betId = newId('bet');
  const move = { playerId, gameId: GAME, roundId, amountMinor: 100n };
  const row = (transactionId: string, kind: NewTransaction['kind'], cashMinor: bigint): NewTransaction => ({
    transactionId,
    kind,
    playerId,
    gameId: GAME,
    roundId,
    amountMinor: 100n,
    referenceTransactionId: kind === 'BET' ? null : betId,
    fingerprint: transactionId,
    answer: answerOf('RS_OK', cashMinor),
    ledgerTransferId: null,
    ledgerOrd: 0,
  });
  const write = async (
    transfer: ReturnType<typeof betTransfer>,
    cashAfter: bigint,
    written: NewTransaction,
  ) => {
    const ledger = ctx.deps.wallet.ledger.oneCall([transfer])!;
    const foresight = {
      cashAfter: [cashAfter],
      unmoved: [],
      bettors: written.kind === 'BET' ? [playerId] : [],
    };
    const settle =
      written.kind === 'BET'
        ? []
        : [{ betId, winMinor: 100n, status: 'WON' as const, was: { winMinor: 0n, status: 'OPEN' as const } }];
    const [outcome] = await writeForeseen(tx, { settle, ledger, foresight, rows: [written], settled: [] });
    expect(outcome?.result.ok).toBe(true);
  };
  const afterBet = CASH - 100n;
  await write(betTransfer({ ...move, transactionId: betId }), afterBet, row(betId, 'BET', afterBet));
  const winId = newId('win');
  await write(winTransfer({ ...move, transactionId: winId }), CASH, row(winId, 'WIN', CASH));
  // As a batch that read and locked the bet records its outcome.
  await writeTransactions(tx, [], [{ betId, winMinor: 100n, status: 'WON' }]);
}

/** 5,000 bets of the player, inserted directly, with ids `${prefix}-1` to `${prefix}-5000`. */
async function addBets(tx: Sql, playerId: string, prefix: string, status: 'LOST' | 'OPEN'): Promise<void> {
  await tx.query(
    `INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor,
       fingerprint, answer, bet_status)
     SELECT $3 || '-' || n, 'BET', $1, $2, $3 || '-' || n, 1, $3, '{}', $4 FROM generate_series(1, 5000) n`,
    [playerId, GAME, prefix, status],
  );
}

describe('casino batches among many bets', () => {
  it('reach casino rows by key only, with plans cached while the table was small', async () => {
    const { user } = await demoPlayer(ctx);
    const scans = await ctx.deps.db.transaction(async (tx) => {
      // More rounds than PostgreSQL's five custom plans, so the cached plans are the ones used below.
      for (let round = 0; round < 7; round += 1) await playRound(tx, user.id);
      await addBets(tx, user.id, 'many', 'LOST');
      const { total } = await readsDuring(tx, ['casino_transactions'], async () => {
        for (let round = 0; round < 3; round += 1) await playRound(tx, user.id);
      });
      return total.seqScans;
    });
    expect(scans).toBe(0);
    const [bet] = await ctx.deps.db.query<{ open: string }>(
      `SELECT count(*)::text AS open FROM casino_transactions
        WHERE player_id = $1 AND kind = 'BET' AND bet_status <> 'WON' AND transaction_id NOT LIKE 'many-%'`,
      [user.id],
    );
    expect(bet?.open).toBe('0');
  });
});

describe('the read of a batch among many rows', () => {
  it('reaches bets, sessions, players and cash by key, with no table analysed', async () => {
    const { user } = await demoPlayer(ctx);
    const token = await launchToken(ctx, user.id);
    const reads = await ctx.deps.db.transaction(async (tx) => {
      await addBets(tx, user.id, 'crowd', 'OPEN');
      await tx.query(
        `INSERT INTO casino_sessions (token_hash, player_id, game_id, created_at, expires_at)
         SELECT 'crowd-' || n, $1, $2, now(), now() + interval '1 hour' FROM generate_series(1, 2000) n`,
        [user.id, GAME],
      );
      const betIds = Array.from({ length: 20 }, (_, n) => `crowd-${n * 250 + 1}`);
      return readsDuring(tx, ['casino_transactions', 'casino_sessions', 'users', 'accounts'], () =>
        readBatch(tx, {
          betIds,
          tokenHashes: [hashToken(token), ...Array.from({ length: 19 }, (_, n) => `crowd-${n * 100 + 1}`)],
          transactionIds: [...betIds, 'unknown'],
        }),
      );
    });
    expect(reads.result.bets.size).toBe(20);
    expect(reads.result.sessions.get(hashToken(token))?.playerId).toBe(user.id);
    expect(reads.result.stored.size).toBe(20);
    expect(reads.total.seqScans).toBe(0);
    // Twenty of each: bets, recorded answers, sessions, players, accounts.
    expect(reads.total.rows).toBeLessThanOrEqual(100);
  });
});
