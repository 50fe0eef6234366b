import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-db.ts';
import { compareWorkloads, comparisonWorkloads } from './reference-comparison.ts';

/**
 * The same random workloads through ReferenceLedger and the SQL adapter: same codes, same transfers
 * (ids mapped, since identity columns may skip), same balances and holds, invariants intact
 * (reference-comparison.ts). sql-ledger.mutants.test.ts checks that this comparison notices a broken
 * overdraft guard.
 */
describe('SqlLedger against ReferenceLedger', () => {
  it('answers the same codes, transfers, balances and holds for random workloads', async () => {
    expect(await compareWorkloads(openTestDatabase, comparisonWorkloads())).toBeNull();
  }, 120_000);

  it('answers the same when runs of plain transfers go together through executeMany', async () => {
    expect(await compareWorkloads(openTestDatabase, comparisonWorkloads(), 8)).toBeNull();
  }, 120_000);
});
