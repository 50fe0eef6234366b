import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LEDGER_AMOUNT_MINOR } from './money.ts';
import { ReferenceLedger } from './reference-ledger.ts';
import { TEST_PLAYER_IDS, ledgerCommandsArb, requestFor, seedRequests } from './testing.ts';
import type { LedgerRequest } from './types.ts';

/** Outcome of every boundary step, by the amount it aimed at: `relative 0 ok`, `fixed max INSUFFICIENT_FUNDS`… */
function boundaryOutcomes(seed: number): Map<string, number> {
  const outcomes = new Map<string, number>();
  for (const commands of fc.sample(ledgerCommandsArb(120), { numRuns: 10, seed })) {
    const ledger = new ReferenceLedger();
    for (const playerId of TEST_PLAYER_IDS) ledger.openPlayer(playerId);
    for (const request of seedRequests()) ledger.execute(request);
    const history: LedgerRequest[] = [];
    for (const command of commands) {
      const request = requestFor(command, history, ledger.state());
      if (!request) continue;
      history.push(request);
      const result = ledger.execute(request);
      if (command.type !== 'boundary' || command.shape === 'post' || command.shape === 'reverse') continue;
      const { amount } = command;
      const aim =
        'fixedMinor' in amount
          ? `fixed ${amount.fixedMinor === MAX_LEDGER_AMOUNT_MINOR ? 'max' : amount.fixedMinor}`
          : `relative ${amount.relativeMinor > 1n ? 'beyond' : amount.relativeMinor}`;
      const key = `${aim} ${result.ok ? 'ok' : result.code}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  }
  return outcomes;
}

describe('workload generator', () => {
  it('spends exact balances, misses them by one unit either way, overdraws, and tries 0, 1 and the maximum', () => {
    const outcomes = boundaryOutcomes(20_240_531);
    for (const expected of [
      'relative 0 ok',
      'relative -1 ok',
      'relative 1 INSUFFICIENT_FUNDS',
      'relative beyond INSUFFICIENT_FUNDS',
      'fixed 0 INVALID_AMOUNT',
      'fixed 1 ok',
      'fixed max INSUFFICIENT_FUNDS',
    ]) {
      expect(outcomes.get(expected) ?? 0, expected).toBeGreaterThanOrEqual(3);
    }
  });
});
