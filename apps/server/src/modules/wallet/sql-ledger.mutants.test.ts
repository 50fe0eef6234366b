import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sqlFunctions } from '../../db/functions/index.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { compareWorkloads, comparisonWorkloads } from './reference-comparison.ts';

/**
 * The comparison with ReferenceLedger must notice a broken overdraft guard. Each case breaks one guard
 * in a database of its own (the function replaced by an altered copy of its definition in
 * db/functions, and for some the CHECK behind it dropped too), runs the very workloads of
 * sql-ledger.test.ts and expects a reported divergence about funds.
 */
type Mutant = {
  readonly name: string;
  readonly signature: string;
  readonly guard: string;
  readonly replacement: string;
  /** Also drop accounts.player_balance_within_overdraft, so the overdraft is silent, not an error. */
  readonly dropCheck: boolean;
};

const breakGuard = (
  name: string,
  [signature, guard]: readonly [string, string],
  replacement: string,
  dropCheck: boolean,
): Mutant => ({ name, signature, guard, replacement, dropCheck });

const TRANSFER: readonly [string, string] = [
  'ledger_transfer(text,text,text,text,bigint,text,text,text)',
  'AND balance_minor + player_delta >= 0',
];
const LEGS: readonly [string, string] = [
  'ledger_apply_legs(text,jsonb,text,text,text,bigint)',
  'a.balance_minor + net.delta < CASE WHEN overdraft THEN -a.overdraft_minor ELSE 0 END',
];

const mutants: readonly Mutant[] = [
  breakGuard('plain transfer without its guard', TRANSFER, '', false),
  breakGuard('plain transfer without its guard or the CHECK', TRANSFER, '', true),
  breakGuard('legs without the funds check', LEGS, 'false', false),
  breakGuard('legs without the funds check or the CHECK', LEGS, 'false', true),
  breakGuard('legs letting a balance end at -1', LEGS, 'a.balance_minor + net.delta < -1', true),
  breakGuard('legs refusing to spend the exact balance', LEGS, 'a.balance_minor + net.delta <= 0', false),
  // Reached only through hold operations and reversals, not through any plain transfer.
  breakGuard(
    'hold movements without the funds check',
    LEGS,
    'p_hold_id IS NULL AND a.balance_minor + net.delta < 0',
    true,
  ),
  breakGuard(
    'reversals without the funds check',
    LEGS,
    'p_reverses IS NULL AND a.balance_minor + net.delta < 0',
    true,
  ),
];

async function openMutant(mutant: Mutant): Promise<Database> {
  const fn = sqlFunctions.find((candidate) => candidate.signature === mutant.signature);
  const parts = fn?.sql.split(mutant.guard) ?? [];
  // Exactly one occurrence, so that a reworded guard fails here instead of testing nothing.
  if (parts.length !== 2) throw new Error(`${mutant.signature}: guard "${mutant.guard}" not found once`);
  const db = await openTestDatabase();
  await db.exec(parts.join(mutant.replacement));
  if (mutant.dropCheck) await db.exec('ALTER TABLE accounts DROP CONSTRAINT player_balance_within_overdraft');
  return db;
}

describe('SqlLedger comparison against broken overdraft guards', () => {
  it.each(mutants)('reports a divergence for: $name', async (mutant) => {
    const divergence = await compareWorkloads(() => openMutant(mutant), comparisonWorkloads());
    expect(divergence).not.toBeNull();
    // The reference refused for funds where SQL did not, or the other way round.
    expect(`${divergence?.expected} ${divergence?.actual}`).toMatch(
      /INSUFFICIENT_FUNDS|player_balance_within_overdraft/,
    );
  });
});
