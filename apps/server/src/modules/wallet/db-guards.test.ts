import { checkInvariants } from '@backlay/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { InProcessBus } from '../../lib/bus.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { auditLedger, loadLedgerState } from './state.ts';
import { depositRequest, WalletService, withdrawRequest } from './wallet-service.ts';

let db: Database;
let wallet: WalletService;
beforeAll(async () => {
  db = await openTestDatabase();
  wallet = new WalletService(db, new InProcessBus());
  await wallet.openPlayer('g1');
  await wallet.execute(depositRequest('g1', 10_000n, 'seed', 'guard-seed'));
});
afterAll(() => db.close());

describe('database guards', () => {
  it('refuses to update, delete or truncate posted transfers', async () => {
    await expect(db.query("UPDATE transfers SET remark = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM transfers')).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE transfers CASCADE')).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_operations')).rejects.toThrow(/append-only/);
  });

  it('refuses to delete or re-key accounts and to post to an unknown account', async () => {
    await expect(db.query("DELETE FROM accounts WHERE account_id = 'cash:g1'")).rejects.toThrow(/permanent/);
    await expect(db.query("UPDATE accounts SET kind = 'HOUSE' WHERE account_id = 'cash:g1'")).rejects.toThrow(
      /permanent/,
    );
    await expect(
      db.query(
        `INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind, remark,
                                reference)
         VALUES ('guard-ghost', 'house', 'ghost', 1, 'DEPOSIT', '', '')`,
      ),
    ).rejects.toThrow(/unknown account/);
  });

  it('still refuses an unknown account after a batch whose accounts were checked once for all its rows', async () => {
    const item = (key: string, amount: string) => ({
      key,
      fingerprint: key,
      debit: 'house',
      credit: 'cash:g1',
      amount,
      kind: 'DEPOSIT',
      remark: '',
      reference: '',
    });
    await expect(
      db.transaction(async (tx) => {
        const posted = await tx.query<{ transfer_id: string | null }>(
          'SELECT transfer_id FROM ledger_transfers($1::jsonb)',
          [JSON.stringify([item('guard-batch-1', '1'), item('guard-batch-2', '2')])],
        );
        expect(posted.every((row) => row.transfer_id !== null)).toBe(true);
        await tx.query(
          `INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind,
                                  remark, reference)
           VALUES ('guard-ghost-after-batch', 'house', 'ghost', 1, 'DEPOSIT', '', '')`,
        );
      }),
    ).rejects.toThrow(/unknown account/);
  });

  it('refuses a negative player balance even when written directly', async () => {
    await expect(
      db.query("UPDATE accounts SET balance_minor = -1 WHERE account_id = 'cash:g1'"),
    ).rejects.toThrow(/player_balance_within_overdraft/);
  });

  it('refuses at commit a transaction that leaves the accounts out of balance', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE accounts SET balance_minor = balance_minor + 5 WHERE account_id = 'cash:g1'");
      }),
    ).rejects.toThrow(/out of balance/);
    const state = await loadLedgerState(db);
    expect(state.balancesMinor.get('cash:g1')).toBe(10_000n);
    expect(checkInvariants(state)).toEqual([]);
  });

  it('checks only the balance changes of the transaction, savepoints included', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE accounts SET balance_minor = balance_minor + 5 WHERE account_id = 'cash:g1'");
        await tx.query("UPDATE accounts SET balance_minor = balance_minor - 2 WHERE account_id = 'house'");
      }),
    ).rejects.toThrow(/out of balance.* 3 minor units/);
    await expect(
      db.query("DELETE FROM system_balance_shards WHERE account_id = 'operator-funding'"),
    ).rejects.toThrow(/out of balance/);
    await expect(db.query('TRUNCATE system_balance_shards')).rejects.toThrow(/append-only/);
    // A rolled-back savepoint takes its unpaired change, and its share of the running total, with it.
    await db.transaction(async (tx) => {
      await tx.query('SAVEPOINT unpaired');
      await tx.query("UPDATE accounts SET balance_minor = balance_minor + 7 WHERE account_id = 'cash:g1'");
      await tx.query('ROLLBACK TO SAVEPOINT unpaired');
    });
    expect(await auditLedger(db)).toEqual([]);
  });

  it('lets a paired hand-written change commit but the audit names it', async () => {
    const move = (cashMinor: number) =>
      db.transaction(async (tx) => {
        await tx.query(
          "UPDATE accounts SET balance_minor = balance_minor + $1 WHERE account_id = 'cash:g1'",
          [cashMinor],
        );
        await tx.query("UPDATE accounts SET balance_minor = balance_minor - $1 WHERE account_id = 'house'", [
          cashMinor,
        ]);
      });
    await move(5);
    const problems = await auditLedger(db);
    expect(problems.map((p) => `${p.problem} ${p.account_id}`)).toEqual([
      'BALANCE_NOT_FOLD cash:g1',
      'BALANCE_NOT_FOLD house',
      'MISPLACED_BALANCE house',
    ]);
    expect(problems[0]).toMatchObject({ stored_minor: '10005', expected_minor: '10000' });
    await move(-5);
    expect(await auditLedger(db)).toEqual([]);
  });

  it('refuses a second reversal of one transfer by a unique index', async () => {
    const [row] = await db.query<{ id: bigint }>(
      "SELECT id FROM transfers WHERE idempotency_key = 'guard-seed#0'",
    );
    const reversal = await wallet.execute({
      op: 'reverse',
      idempotencyKey: 'guard-rev',
      transferId: Number(row?.id),
      remark: '',
    });
    expect(reversal.result.ok).toBe(true);
    await expect(
      db.query(
        `INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind, remark,
                                reference, reverses_transfer_id)
         VALUES ('guard-rev-2', 'operator-funding', 'house', 1, 'REVERSAL', '', '', $1)`,
        [row?.id],
      ),
    ).rejects.toThrow(/duplicate key|unique/i);
    await wallet.execute(depositRequest('g1', 10_000n, 'seed', 'guard-seed-2'));
    // Only reversals are indexed: the transfers that reverse nothing, nearly all, add no entry to it.
    const [index] = await db.query<{ definition: string }>(
      `SELECT indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND indexname = 'transfers_reverses_transfer_id_key'`,
    );
    expect(index?.definition).toMatch(/UNIQUE.*WHERE \(reverses_transfer_id IS NOT NULL\)/);
  });
});

describe('concurrency', () => {
  it('lets concurrent same-key requests move money once and answer the first result', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => wallet.execute(depositRequest('g1', 123n, 'same', 'guard-same-key'))),
    );
    const ids = new Set(outcomes.map((o) => (o.result.ok ? o.result.transfers[0]?.id : undefined)));
    expect(ids.size).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    const count = await db.query("SELECT 1 FROM transfers WHERE idempotency_key LIKE 'guard-same-key#%'");
    expect(count).toHaveLength(1);
  });

  it('never overdraws under 50 simultaneous withdrawals: exactly the affordable ones succeed', async () => {
    await wallet.openPlayer('g2');
    await wallet.execute(depositRequest('g2', 1_000n, 'seed', 'guard-g2'));
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        wallet.execute(withdrawRequest('g2', 1_000n, 'out', `guard-w-${i}`)),
      ),
    );
    expect(outcomes.filter((o) => o.result.ok)).toHaveLength(1);
    for (const o of outcomes) if (!o.result.ok) expect(o.result.code).toBe('INSUFFICIENT_FUNDS');
    const state = await loadLedgerState(db);
    expect(state.balancesMinor.get('cash:g2')).toBe(0n);
    expect(checkInvariants(state)).toEqual([]);
  });

  it('keeps holds and transfers consistent when hold operations race', async () => {
    await wallet.openPlayer('g3');
    await wallet.execute(depositRequest('g3', 5_000n, 'seed', 'guard-g3'));
    const reserve = (i: number) =>
      wallet.execute({
        op: 'reserveHold',
        idempotencyKey: `guard-h-${i}`,
        holdId: `race-hold-${i % 3}`,
        playerId: 'g3',
        amountMinor: 1_000n,
        remark: 'bet',
        reference: 'm1',
      });
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => reserve(i)));
    expect(outcomes.filter((o) => o.result.ok)).toHaveLength(3);
    const voids = await Promise.all(
      [0, 1, 2, 0].map((n, i) =>
        wallet.execute({
          op: 'voidHold',
          idempotencyKey: `guard-v-${i}`,
          holdId: `race-hold-${n}`,
          remark: '',
        }),
      ),
    );
    expect(voids.filter((o) => o.result.ok)).toHaveLength(3);
    const state = await loadLedgerState(db);
    expect(state.balancesMinor.get('cash:g3')).toBe(5_000n);
    expect(checkInvariants(state)).toEqual([]);
    expect(await auditLedger(db)).toEqual([]);
  });
});
