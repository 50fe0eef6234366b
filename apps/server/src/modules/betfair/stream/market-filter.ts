import type { Sql } from '../../../db/database.ts';
import { ApiNgError } from '../api-ng/operation.ts';
import { readRunners } from '../catalogue/market-catalogue.ts';
import { marketsByBfId, selectMarkets, type MarketRow } from '../catalogue/market-query.ts';
import { readFilter } from '../catalogue/params.ts';
import type { MarketInfo } from './market-state.ts';
import { StreamFailure } from './protocol.ts';

/** Betfair's default ceiling on the markets one connection's subscription follows. */
export const MAX_SUBSCRIBED_MARKETS = 200;

/**
 * The markets of a stream `marketFilter`: named markets in any status (a closed one still shows its
 * close), or the open and suspended exchange markets of the named event types and events. The set is
 * fixed at subscription, as a resubscription refreshes it.
 */
export async function marketsOfFilter(sql: Sql, value: unknown): Promise<MarketInfo[]> {
  const raw = value ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new StreamFailure('INVALID_INPUT', 'marketFilter must be an object.');
  // Nulls mean absent, as in every Betfair request; the stream names market types `marketTypes`.
  const { marketTypes, ...rest } = Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(([, item]) => item !== null),
  );
  let filter;
  try {
    filter = readFilter({ filter: { ...rest, marketTypeCodes: marketTypes } });
  } catch (error) {
    if (error instanceof ApiNgError) throw new StreamFailure('INVALID_INPUT', error.message);
    throw error;
  }
  const onlyIds = filter.marketIds && !filter.eventTypeIds && !filter.eventIds && !filter.marketTypeCodes;
  const rows: MarketRow[] = onlyIds
    ? await marketsByBfId(sql, filter.marketIds!)
    : await selectMarkets(sql, filter, 'RANK', MAX_SUBSCRIBED_MARKETS + 1);
  if (rows.length > MAX_SUBSCRIBED_MARKETS)
    throw new StreamFailure(
      'SUBSCRIPTION_LIMIT_EXCEEDED',
      `A subscription follows at most ${MAX_SUBSCRIBED_MARKETS} markets; narrow the marketFilter.`,
    );
  const runners = await readRunners(sql, rows);
  return rows.map((row) => ({ row, runners: runners.get(row.id) ?? [] }));
}
