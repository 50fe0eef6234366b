import type { Lifecycle, LoopWorker } from '../../platform/lifecycle.ts';
import { sleep } from '../../platform/lifecycle-workers.ts';
import { sportsTables } from '../sports/index.ts';
import type { ExchangeService } from './exchange-service.ts';

/** How often markets that still need the exchange (quotes, a settlement) are swept. */
export const EXCHANGE_SWEEP_INTERVAL_MS = 30_000;

/**
 * Brings every exchange market the database says is live, or closed but unsettled, into line: at start
 * (so quotes are on the book before the feed's next change) and then now and again, in case a change
 * notice was lost (another instance died before passing it on).
 */
export function exchangeWorker(
  exchange: ExchangeService,
  intervalMs = EXCHANGE_SWEEP_INTERVAL_MS,
): LoopWorker {
  return {
    name: 'exchange',
    async run(signal) {
      while (!signal.aborted) {
        const rows = await exchange.deps.db.query<{ id: string }>(
          `SELECT m.id FROM ${sportsTables.markets} m
            WHERE (m.status IN ('OPEN', 'SUSPENDED')
               OR (m.status = 'CLOSED' AND NOT EXISTS (SELECT 1 FROM market_settlements s WHERE s.market_id = m.id)))`,
        );
        exchange.marketsChanged(rows.map((row) => row.id));
        await sleep(intervalMs, signal);
      }
    },
  };
}

/** Registers the sweep; the server does this, tests only when they ask for it. */
export function startExchange(lifecycle: Pick<Lifecycle, 'register'>, exchange: ExchangeService) {
  return lifecycle.register(exchangeWorker(exchange));
}
