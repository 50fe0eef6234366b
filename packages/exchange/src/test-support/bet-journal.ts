import { priceHundredthsOfTick } from '../ladder.ts';
import type { RunnerBet } from '../risk/runner-bets.ts';
import type { ExchangeEvent, OrderView } from '../types.ts';

/**
 * Rebuilds every account's bets from fills and the live book, independently of the incremental
 * risk tracker, so the two can be compared with the slow exposure functions.
 */
export class BetJournal {
  private readonly matched = new Map<string, RunnerBet[]>();

  record(events: readonly ExchangeEvent[]): void {
    for (const event of events) {
      if (event.type !== 'FILL') continue;
      const priceHundredths = priceHundredthsOfTick(event.priceTick);
      const base = {
        runnerIndex: event.runnerIndex,
        sizeMinor: BigInt(event.sizeMinor),
        priceHundredths,
        matched: true,
      };
      this.add(event.takerAccountId, { ...base, side: event.takerSide });
      this.add(event.makerAccountId, { ...base, side: event.takerSide === 'BACK' ? 'LAY' : 'BACK' });
    }
  }

  accounts(): string[] {
    return [...this.matched.keys()];
  }

  matchedBets(accountId: string): RunnerBet[] {
    return this.matched.get(accountId) ?? [];
  }

  /** Matched bets plus the live unmatched parts of the account's orders. */
  allBets(accountId: string, liveOrders: readonly OrderView[]): RunnerBet[] {
    const unmatched = liveOrders
      .filter((order) => order.accountId === accountId)
      .map((order) => ({
        runnerIndex: order.runnerIndex,
        side: order.side,
        sizeMinor: BigInt(order.remainingMinor),
        priceHundredths: priceHundredthsOfTick(order.priceTick),
        matched: false,
      }));
    return [...this.matchedBets(accountId), ...unmatched];
  }

  private add(accountId: string, bet: RunnerBet): void {
    const bets = this.matched.get(accountId) ?? [];
    bets.push(bet);
    this.matched.set(accountId, bets);
  }
}
