import { checkInvariants } from '@backlay/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { InProcessBus } from '../../lib/bus.ts';
import { transaction } from '../../platform/transaction.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { auditLedger, loadLedgerState, readPlayerBalances } from './state.ts';
import { depositRequest, WalletService, withdrawRequest } from './wallet-service.ts';

/**
 * A player's overdraft (docs/decisions/0252): how far below zero the database lets the cash be. Only a
 * transaction that allows it (a re-settlement) may take the cash there; money to the player always
 * goes through; every other debit still needs the cash.
 */

let db: Database;
let wallet: WalletService;
beforeAll(async () => {
  db = await openTestDatabase();
  wallet = new WalletService(db, new InProcessBus());
  await wallet.openPlayer('o1');
  await wallet.execute(depositRequest('o1', 10_000n, 'seed', 'od-seed'));
  await db.query("UPDATE accounts SET overdraft_minor = 5000 WHERE account_id = 'cash:o1'");
});
afterAll(() => db.close());

const cashOf = async () => (await readPlayerBalances(db, 'o1'))?.cashMinor;
const codeOf = (outcome: Awaited<ReturnType<WalletService['execute']>>) =>
  outcome.result.ok ? 'OK' : outcome.result.code;
const reserve = (key: string, amountMinor: bigint) =>
  wallet.execute({
    op: 'reserveHold',
    idempotencyKey: key,
    holdId: key,
    playerId: 'o1',
    amountMinor,
    remark: 'bet',
    reference: 'm1',
  });
const setHold = (key: string, amountMinor: bigint) =>
  db.query('SELECT ledger_set_holds($1, $2::jsonb)', [
    key,
    JSON.stringify([
      { holdId: key, playerId: 'o1', amount: amountMinor.toString(), remark: '', reference: 'm1' },
    ]),
  ]);

describe('an overdraft', () => {
  it('is no credit: without the allowance a debit still needs the cash, on every path', async () => {
    expect(codeOf(await wallet.execute(withdrawRequest('o1', 10_001n, 'out', 'od-w1')))).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(codeOf(await reserve('od-h1', 10_001n))).toBe('INSUFFICIENT_FUNDS');
    await expect(setHold('od-bulk-1', 10_001n)).rejects.toThrow(/below zero/);
    const batch = await db.query<{ code: string | null }>(
      'SELECT code FROM ledger_transfers($1::jsonb) ORDER BY ord',
      [
        JSON.stringify(
          ['od-b1', 'od-b2'].map((key) => ({
            key,
            fingerprint: key,
            debit: 'cash:o1',
            credit: 'operator-funding',
            amount: '6000',
            kind: 'WITHDRAW',
            remark: '',
            reference: '',
          })),
        ),
      ],
    );
    expect(batch.map((row) => row.code)).toEqual([null, 'INSUFFICIENT_FUNDS']);
    expect(await cashOf()).toBe(4_000n);
  });

  it('lets a transaction that allows it go below zero down to the overdraft, and no further', async () => {
    const outcomes = await transaction(db, async (tx) => {
      await tx.query("SELECT set_config('ledger.overdraft', 'on', true)");
      return [
        codeOf(await wallet.execute(withdrawRequest('o1', 8_000n, 'out', 'od-w2'))),
        codeOf(await wallet.execute(withdrawRequest('o1', 1_001n, 'out', 'od-w3'))),
        codeOf(await wallet.execute(withdrawRequest('o1', 1_000n, 'out', 'od-w4'))),
      ];
    });
    expect(outcomes).toEqual(['OK', 'INSUFFICIENT_FUNDS', 'OK']);
    expect(await cashOf()).toBe(-5_000n);
    // The allowance ended with its transaction.
    expect(codeOf(await wallet.execute(withdrawRequest('o1', 1n, 'out', 'od-w5')))).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(codeOf(await reserve('od-h2', 1n))).toBe('INSUFFICIENT_FUNDS');
    await expect(setHold('od-bulk-2', 1n)).rejects.toThrow(/below zero/);
    await expect(
      db.query("UPDATE accounts SET balance_minor = -5001 WHERE account_id = 'cash:o1'"),
    ).rejects.toThrow(/player_balance_within_overdraft/);
    await expect(
      db.query("UPDATE accounts SET overdraft_minor = 4999 WHERE account_id = 'cash:o1'"),
    ).rejects.toThrow(/player_balance_within_overdraft/);
  });

  it('takes money to a balance below zero, and a hold released there', async () => {
    expect(codeOf(await wallet.execute(depositRequest('o1', 1_000n, 'in', 'od-d1')))).toBe('OK');
    expect(await cashOf()).toBe(-4_000n);
    expect(codeOf(await wallet.execute(depositRequest('o1', 6_000n, 'in', 'od-d2')))).toBe('OK');
    expect(codeOf(await reserve('od-h3', 1_500n))).toBe('OK');
    await transaction(db, async (tx) => {
      await tx.query("SELECT set_config('ledger.overdraft', 'on', true)");
      expect(codeOf(await wallet.execute(withdrawRequest('o1', 5_000n, 'out', 'od-w6')))).toBe('OK');
    });
    expect(await cashOf()).toBe(-4_500n);
    const voided = await wallet.execute({
      op: 'voidHold',
      idempotencyKey: 'od-v3',
      holdId: 'od-h3',
      remark: '',
    });
    expect(codeOf(voided)).toBe('OK');
    expect(await cashOf()).toBe(-3_000n);
    expect(await auditLedger(db)).toEqual([]);
    const state = await loadLedgerState(db);
    expect(checkInvariants(state)).toEqual([]);
    expect(checkInvariants({ ...state, overdraftsMinor: new Map() })).toEqual([
      'PLAYER_CASH account cash:o1 is negative: -30.00',
    ]);
  });
});
