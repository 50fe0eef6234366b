import { describe, expect, it } from 'vitest';
import { runningBalances, signedAmountFor } from './statement.ts';
import type { Transfer } from './types.ts';

describe('statement running balances', () => {
  it('walks back from the balance after the newest row', () => {
    // Oldest to newest: +1000, −300, +50 → balances 1000, 700, 750.
    expect(runningBalances([50n, -300n, 1000n], 750n)).toEqual([750n, 700n, 1000n]);
    expect(runningBalances([], 5n)).toEqual([]);
  });

  it('continues correctly on the next page', () => {
    const signedNewestFirst = [50n, -300n, 1000n, 200n];
    const all = runningBalances(signedNewestFirst, 950n);
    const firstPage = runningBalances(signedNewestFirst.slice(0, 2), 950n);
    const secondPage = runningBalances(signedNewestFirst.slice(2), 950n - 50n + 300n);
    expect([...firstPage, ...secondPage]).toEqual(all);
  });

  it('signs a transfer from one account’s point of view', () => {
    const transfer = { debitAccountId: 'a', creditAccountId: 'b', amountMinor: 7n } as Transfer;
    expect(signedAmountFor(transfer, 'a')).toBe(-7n);
    expect(signedAmountFor(transfer, 'b')).toBe(7n);
    expect(signedAmountFor(transfer, 'c')).toBe(0n);
  });
});
