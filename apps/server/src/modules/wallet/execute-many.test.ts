import type { LedgerRequest } from '@backlay/ledger';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../../db/database.ts';
import { readsDuring } from '../../test/table-reads.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { SqlLedger } from './sql-ledger.ts';
import { auditLedger } from './state.ts';

const move = (
  key: string,
  debitAccountId: string,
  creditAccountId: string,
  amountMinor: bigint,
  kind: 'DEPOSIT' | 'CASINO_BET' | 'CASINO_WIN',
): LedgerRequest => ({
  op: 'transfer',
  idempotencyKey: key,
  debitAccountId,
  creditAccountId,
  amountMinor,
  kind,
  remark: `${kind} ${key}`,
  reference: 'batch',
});
const deposit = (key: string, player: string, amount: bigint) =>
  move(key, 'operator-funding', `cash:${player}`, amount, 'DEPOSIT');
const stake = (key: string, player: string, amount: bigint) =>
  move(key, `cash:${player}`, 'house', amount, 'CASINO_BET');
const win = (key: string, player: string, amount: bigint) =>
  move(key, 'house', `cash:${player}`, amount, 'CASINO_WIN');

let db: Database;
let ledger: SqlLedger;
beforeEach(async () => {
  db = await openTestDatabase();
  ledger = new SqlLedger(db);
  for (const player of ['p1', 'p2']) await ledger.openPlayer(player);
});
afterEach(async () => {
  expect(await auditLedger(db)).toEqual([]);
  await db.close();
});

const run = (requests: LedgerRequest[]) => db.transaction((tx) => ledger.executeMany(requests, tx));
const cashAfter = (outcome: Awaited<ReturnType<typeof run>>[number]) =>
  outcome.changes.map((change) => `${change.playerId}:${change.cashMinor}`);

describe('SqlLedger.executeMany', () => {
  it('posts a batch of stakes and payouts together with each player’s running balance', async () => {
    const outcomes = await run([
      deposit('d1', 'p1', 1000n),
      deposit('d2', 'p2', 500n),
      stake('s1', 'p1', 300n),
      win('w1', 'p1', 50n),
      stake('s2', 'p2', 500n),
    ]);
    expect(outcomes.map((outcome) => outcome.result.ok)).toEqual([true, true, true, true, true]);
    expect(outcomes.map(cashAfter)).toEqual([['p1:1000'], ['p2:500'], ['p1:700'], ['p1:750'], ['p2:0']]);
    const rows = await db.query<{ key: string; debit: string | null; credit: string | null }>(
      `SELECT idempotency_key AS key, debit_balance_after_minor::text AS debit,
              credit_balance_after_minor::text AS credit FROM transfers ORDER BY id`,
    );
    expect(rows).toEqual([
      { key: 'd1#0', debit: null, credit: '1000' },
      { key: 'd2#0', debit: null, credit: '500' },
      { key: 's1#0', debit: '700', credit: null },
      { key: 'w1#0', debit: null, credit: '750' },
      { key: 's2#0', debit: '0', credit: null },
    ]);
  });

  it('answers replays, refusals and new transfers of one batch each as alone', async () => {
    await run([deposit('d1', 'p1', 1000n), deposit('d2', 'p2', 5n)]);
    const outcomes = await run([stake('d1', 'p1', 999n), stake('s1', 'p2', 6n), win('w1', 'p2', 10n)]);
    expect(outcomes[0]!.result).toMatchObject({ ok: false, code: 'DUPLICATE_KEY_DIFFERENT_BODY' });
    expect(outcomes[1]!.result).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(cashAfter(outcomes[2]!)).toEqual(['p2:15']);
    const again = await run([deposit('d1', 'p1', 1000n), deposit('d2', 'p2', 5n)]);
    expect(again.map((outcome) => outcome.replayed)).toEqual([true, true]);
    const [balances] = await db.query<{ cash: string }>(
      `SELECT balance_minor::text AS cash FROM accounts WHERE account_id = 'cash:p1'`,
    );
    expect(balances!.cash).toBe('1000');
  });
});

describe('a batch among many players', () => {
  it('reads and writes accounts by key only, never scanning them all (plain transfers and holds)', async () => {
    // Enough accounts, with statistics, that scanning them all is a plan's choice, not a tiny table's
    // default.
    await db.query(
      `INSERT INTO accounts (account_id, kind, player_id)
       SELECT kind_prefix || 'many-' || n, kind, 'many-' || n
         FROM generate_series(1, 3000) n,
              (VALUES ('cash:', 'PLAYER_CASH'), ('hold:', 'PLAYER_HOLD')) k(kind_prefix, kind)`,
    );
    await db.query('ANALYZE accounts');
    await run([deposit('d1', 'p1', 1000n), deposit('d2', 'p2', 500n)]);
    const scans = await db.transaction(async (tx) => {
      const { total } = await readsDuring(tx, ['accounts'], async () => {
        await ledger.executeMany(
          [stake('s1', 'p1', 300n), win('w1', 'p1', 50n), stake('s2', 'p2', 200n), win('w2', 'p2', 10n)],
          tx,
        );
        const hold = await ledger.execute(
          {
            op: 'reserveHold',
            idempotencyKey: 'h1',
            holdId: 'hold-1',
            playerId: 'p1',
            amountMinor: 100n,
            remark: 'hold',
            reference: 'batch',
          },
          tx,
        );
        expect(hold.result.ok).toBe(true);
        for (const amounts of [
          ['50', '20'],
          ['30', '40'],
        ]) {
          const targets = ['p1', 'p2'].map((player, at) => ({
            holdId: `bulk-${player}`,
            playerId: player,
            amount: amounts[at],
            remark: 'exposure',
            reference: 'batch',
          }));
          await tx.query('SELECT ledger_set_holds($1, $2::jsonb)', [
            `bulk-${amounts[0]}`,
            JSON.stringify(targets),
          ]);
        }
      });
      return { seq: total.seqScans, idx: total.indexScans };
    });
    expect(scans.seq).toBe(0);
    expect(scans.idx).toBeGreaterThan(0);
  });

  it('keeps reaching accounts and known keys by key when its plans were cached while the tables were small', async () => {
    const batchOf = (round: number) =>
      ['p1', 'p2'].flatMap((player) => [
        deposit(`d-${player}-${round}`, player, 100n),
        stake(`s-${player}-${round}`, player, 100n),
      ]);
    const addPlayers = (tx: Sql, from: number, to: number) =>
      tx.query(
        `INSERT INTO accounts (account_id, kind, player_id)
         SELECT kind_prefix || 'many-' || n, kind, 'many-' || n
           FROM generate_series($1::int, $2::int) n,
                (VALUES ('cash:', 'PLAYER_CASH'), ('hold:', 'PLAYER_HOLD')) k(kind_prefix, kind)`,
        [from, to],
      );
    const scans = await db.transaction(async (tx) => {
      // A few hundred players, where reading every account costs the planner less than a probe per
      // item; then more batches than PostgreSQL's five custom plans, so the cached plans are used below.
      await addPlayers(tx, 1, 400);
      for (let round = 0; round < 7; round += 1) await ledger.executeMany(batchOf(round), tx);
      await addPlayers(tx, 401, 3400);
      await tx.query(
        `INSERT INTO ledger_operations (idempotency_key, fingerprint, result)
         SELECT 'many-' || n, 'many', '{}' FROM generate_series(1, 5000) n`,
      );
      const { byTable } = await readsDuring(tx, ['accounts', 'ledger_operations'], async () => {
        for (let round = 7; round < 10; round += 1) await ledger.executeMany(batchOf(round), tx);
      });
      return { accounts: byTable.accounts!.rows, keys: byTable.ledger_operations!.rows };
    });
    // Three batches of four transfers touch a handful of accounts and keys each, never thousands.
    expect(scans.accounts).toBeLessThan(300);
    expect(scans.keys).toBeLessThan(100);
  });
});
