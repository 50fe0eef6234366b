import type { Sql } from '../../../db/database.ts';
import { isJsonObject, type JsonValue } from '../api-ng/json.ts';
import { ApiNgError } from '../api-ng/operation.ts';
import { readRunners } from '../catalogue/market-catalogue.ts';
import { marketsByBfId, selectMarkets, type MarketRow } from '../catalogue/market-query.ts';
import { readFilter, type MarketFilter } from '../catalogue/params.ts';
import type { MarketWithRunners } from './market-state.ts';
import { StreamFailure } from './protocol.ts';

/** Betfair's default ceiling on the markets one connection's subscription follows. */
export const MAX_SUBSCRIBED_MARKETS = 200;

/**
 * A stream `marketFilter` read: `fixed` when it names markets only (their set never grows); otherwise
 * it selects by properties a market has from its creation, so new markets may join it (0259). `key`
 * is the same for equal filters, so one read serves all their subscriptions.
 */
export type StreamMarketFilter = { filter: MarketFilter; fixed: boolean; key: string };

export function readStreamMarketFilter(value: unknown): StreamMarketFilter {
  const raw = value ?? {};
  if (!isJsonObject(raw)) throw new StreamFailure('INVALID_INPUT', 'marketFilter must be an object.');
  // Nulls mean absent, as in every Betfair request; the stream names market types `marketTypes`.
  const { marketTypes, ...rest } = Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, JsonValue] => entry[1] !== null && entry[1] !== undefined,
    ),
  );
  let filter: MarketFilter;
  try {
    filter = readFilter({ filter: { ...rest, marketTypeCodes: marketTypes } });
  } catch (error) {
    if (error instanceof ApiNgError) throw new StreamFailure('INVALID_INPUT', error.message);
    throw error;
  }
  const fixed =
    Boolean(filter.marketIds) && !filter.eventTypeIds && !filter.eventIds && !filter.marketTypeCodes;
  const key = JSON.stringify(filter, (_name, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
  return { filter, fixed, key };
}

/**
 * The markets of a stream `marketFilter`: named markets in any status (a closed one still shows its
 * close), or the open and suspended exchange markets of the named event types and events.
 */
export async function marketsOfFilter(sql: Sql, read: StreamMarketFilter): Promise<MarketWithRunners[]> {
  const rows: MarketRow[] = read.fixed
    ? await marketsByBfId(sql, read.filter.marketIds!)
    : await selectMarkets(sql, read.filter, 'RANK', MAX_SUBSCRIBED_MARKETS + 1);
  if (rows.length > MAX_SUBSCRIBED_MARKETS)
    throw new StreamFailure(
      'SUBSCRIPTION_LIMIT_EXCEEDED',
      `A subscription follows at most ${MAX_SUBSCRIBED_MARKETS} markets; narrow the marketFilter.`,
    );
  return withRunners(sql, rows);
}

/** Which of the new markets (Betfair numbers) a growing filter selects. */
export async function newMarketsOfFilter(
  sql: Sql,
  read: StreamMarketFilter,
  bfIds: readonly bigint[],
): Promise<MarketWithRunners[]> {
  const named = read.filter.marketIds && new Set(read.filter.marketIds);
  const marketIds = named ? bfIds.filter((id) => named.has(id)) : [...bfIds];
  if (read.fixed || marketIds.length === 0) return [];
  const rows = await selectMarkets(sql, { ...read.filter, marketIds }, 'RANK', MAX_SUBSCRIBED_MARKETS);
  return withRunners(sql, rows);
}

async function withRunners(sql: Sql, rows: readonly MarketRow[]): Promise<MarketWithRunners[]> {
  const runners = await readRunners(sql, rows);
  return rows.map((row) => ({ row, runners: runners.get(row.id) ?? [] }));
}
