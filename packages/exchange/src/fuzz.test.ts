import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeMarket } from './book/exchange-market.ts';
import { ReferenceMarket } from './reference/reference-market.ts';
import { RunnerMarketRisk } from './risk/runner-market-risk.ts';
import { runnerExposureMinor, settledPnlMinor } from './risk/runner-bets.ts';
import type { Result } from './result.ts';
import { BetJournal } from './test-support/bet-journal.ts';
import { commandArb, FUZZ_RUNNERS, type FuzzCommand } from './test-support/fuzz-commands.ts';
import { checkInvariants, LevelMirror } from './test-support/invariants.ts';
import { unwrap } from './test-support/engines.ts';
import type { MarketEngine, OpOutcome } from './types.ts';

// FUZZ_RUNS=20000 npx vitest run packages/exchange/src/fuzz.test.ts for a long soak.
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

function run(
  engine: MarketEngine,
  command: FuzzCommand,
  ids: readonly string[],
  nextId: string,
): Result<OpOutcome> {
  const picked = (pick: number) => ids[pick % Math.max(ids.length, 1)] ?? 'none';
  switch (command.kind) {
    case 'place':
      return engine.place({ ...command.input, orderId: nextId });
    case 'cancel':
      return engine.cancel(picked(command.pick), command.reduceByMinor);
    case 'replace':
      return engine.replace(picked(command.pick), nextId, command.newPriceTick);
    case 'cancelUnknown':
      return engine.cancel('never-placed');
    default:
      return engine[command.kind]();
  }
}

function replay(commands: readonly FuzzCommand[]): void {
  const fast = unwrap(ExchangeMarket.create(FUZZ_RUNNERS));
  const reference = unwrap(ReferenceMarket.create(FUZZ_RUNNERS));
  const risk = unwrap(RunnerMarketRisk.create(FUZZ_RUNNERS));
  const journal = new BetJournal();
  const mirror = new LevelMirror();
  const ids: string[] = [];
  commands.forEach((command, step) => {
    const nextId = `o${step}`;
    const fastResult = run(fast, command, ids, nextId);
    const referenceResult = run(reference, command, ids, nextId);
    expect(fastResult).toEqual(referenceResult);
    if (command.kind === 'place' || command.kind === 'replace') ids.push(nextId);
    if (!fastResult.ok) return;
    const { events } = fastResult.value;
    mirror.apply(events);
    risk.apply(events);
    journal.record(events);
    const liveOrders = reference.liveOrders();
    expect(fast.liveOrders()).toEqual(liveOrders);
    checkInvariants(fast, ids, events, mirror);
    for (const accountId of journal.accounts()) {
      const expected = runnerExposureMinor(journal.allBets(accountId, liveOrders), FUZZ_RUNNERS);
      expect(risk.exposureMinor(accountId)).toBe(expected);
    }
  });
  settleAndCheck(fast, risk, journal);
}

/** After closing, settlement must be zero-sum and match the slow per-bet P&L. */
function settleAndCheck(fast: MarketEngine, risk: RunnerMarketRisk, journal: BetJournal): void {
  if (fast.status() !== 'CLOSED') risk.apply(unwrap(fast.close()).events);
  const settlement = unwrap(risk.settle({ kind: 'WINNERS', runnerIndexes: [0] }, 500));
  expect(settlement.totalGrossPnlMinor).toBe(0n);
  for (const row of settlement.rows) {
    expect(row.grossPnlMinor).toBe(settledPnlMinor(journal.matchedBets(row.accountId), new Set([0])));
    expect(
      row.commissionMinor >= 0n && row.commissionMinor <= (row.grossPnlMinor > 0n ? row.grossPnlMinor : 0n),
    ).toBe(true);
  }
}

describe('fast engine against the reference', () => {
  it('agrees on every result, event, book and exposure over random command sequences', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 200, size: 'max' }), (commands) =>
        replay(commands),
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
