import type { LedgerRequest } from '@backlay/ledger';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
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
