export * from './result.ts';
export * from './types.ts';
export * from './ladder.ts';
export * from './limits.ts';
export { ExchangeMarket } from './book/exchange-market.ts';
export { ReferenceMarket } from './reference/reference-market.ts';

import { ExchangeMarket } from './book/exchange-market.ts';
import type { Result } from './result.ts';

/** A new fast order-book market with `runnerCount` runners, OPEN and not in-play. */
export function createExchangeMarket(runnerCount: number): Result<ExchangeMarket> {
  return ExchangeMarket.create(runnerCount);
}
