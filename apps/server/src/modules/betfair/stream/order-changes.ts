import type { Sql } from '../../../db/database.ts';
import { exchangeTables } from '../../exchange/index.ts';
import { readMarketIdsByNumber, sportsTables } from '../../sports/index.ts';
import { betIdOfUuid, bfMarketId } from '../ids.ts';
import { averagePrice, priceOfTick, sizeOfMinor } from '../orders/amounts.ts';
import {
  CURRENT_ORDERS,
  OrderConditions,
  orderSizes,
  readOrderRows,
  type OrderRow,
} from '../orders/order-rows.ts';
import type { OrderMarketChange, PriceSize, UnmatchedOrder } from './messages.ts';

/** The most orders an order subscription's image carries. */
export const MAX_IMAGE_ORDERS = 1000;

const epochMs = (at: Date | string) => new Date(at).getTime();

/**
 * One order as the stream's `uo` entry: the full order every time, so a client's cache never holds a
 * stale field. The references are `""` when unset, as Betfair sends them.
 */
export function unmatchedOrderOf(row: OrderRow): UnmatchedOrder {
  const { stake, matched, cancelled, lapsed, voided, remaining, resting } = orderSizes(row);
  return {
    id: betIdOfUuid(row.id),
    p: priceOfTick(row.price_tick),
    s: sizeOfMinor(stake),
    side: row.side === 'BACK' ? 'B' : 'L',
    status: resting ? 'E' : 'EC',
    pt: row.persistence === 'PERSIST' ? 'P' : 'L',
    ot: 'L',
    pd: epochMs(row.placed_at),
    ...(matched > 0n && { md: epochMs(row.updated_at) }),
    ...(cancelled > 0n && { cd: epochMs(row.updated_at) }),
    ...(lapsed > 0n && { ld: epochMs(row.updated_at) }),
    avp: averagePrice(BigInt(row.matched_value), matched),
    sm: sizeOfMinor(matched),
    sr: sizeOfMinor(remaining),
    sl: sizeOfMinor(lapsed),
    sc: sizeOfMinor(cancelled),
    sv: sizeOfMinor(voided),
    rfo: row.customer_order_ref ?? '',
    rfs: row.customer_strategy_ref ?? '',
  };
}

const PAGE = { orderBy: 'BY_BET', descending: false, from: 0 } as const;

/** The player's current orders, for an order subscription's image. */
export const readCurrentOrders = (sql: Sql, playerId: string) =>
  readOrderRows(sql, playerId, new OrderConditions().raw(CURRENT_ORDERS), {
    ...PAGE,
    count: MAX_IMAGE_ORDERS,
  });

/** One order of the player (none when it is not theirs or on a house market). */
export const readOrder = (sql: Sql, playerId: string, betId: string) =>
  readOrderRows(sql, playerId, new OrderConditions().add('b.id::text = $?', betId), { ...PAGE, count: 1 });

/** Our market ids of Betfair market numbers (`bf_id`), to follow those markets' `market` topics. */
export async function readMarketIdsOfBf(
  sql: Sql,
  marketBfs: readonly string[],
): Promise<Map<string, string>> {
  return marketBfs.length === 0 ? new Map() : readMarketIdsByNumber(sql, [...new Set(marketBfs)]);
}

type MatchRow = {
  strategy_ref?: string;
  market_bf: string;
  selection_id: string;
  side: 'BACK' | 'LAY';
  price_tick: number;
  size_minor: string;
};

/** A runner's matched sizes by price and side: the stream's `mb` and `ml`. */
export type Matches = { mb: PriceSize[]; ml: PriceSize[] };
const runnerKey = (marketBf: string, selectionId: string) => `${marketBf}/${selectionId}`;

/**
 * The player's standing fills on unsettled markets, by runner, price and side; `only` narrows it to one
 * runner (an update of one order).
 */
export async function readMatches(
  sql: Sql,
  playerId: string,
  only?: { marketBf: string; selectionId: string },
): Promise<Map<string, Matches>> {
  return matchesByRunner(await queryMatches(sql, playerId, only, false));
}

/**
 * The same by strategy (`smc`, with partitionMatchedByStrategyRef): runner, then the customerStrategyRef
 * the bets were placed with; bets placed without one are in no strategy's.
 */
export async function readStrategyMatches(
  sql: Sql,
  playerId: string,
  only?: { marketBf: string; selectionId: string },
): Promise<Map<string, Map<string, Matches>>> {
  const byStrategy = new Map<string, MatchRow[]>();
  for (const row of await queryMatches(sql, playerId, only, true))
    byStrategy.set(row.strategy_ref!, [...(byStrategy.get(row.strategy_ref!) ?? []), row]);
  const answer = new Map<string, Map<string, Matches>>();
  for (const [ref, rows] of byStrategy)
    for (const [key, matches] of matchesByRunner(rows)) {
      const strategies = answer.get(key) ?? new Map<string, Matches>();
      answer.set(key, strategies.set(ref, matches));
    }
  return answer;
}

async function queryMatches(
  sql: Sql,
  playerId: string,
  only: { marketBf: string; selectionId: string } | undefined,
  byStrategy: boolean,
): Promise<MatchRow[]> {
  const strategy = byStrategy ? 'o.customer_strategy_ref' : 'NULL::text';
  return sql.query<MatchRow>(
    `SELECT ${strategy} AS strategy_ref, m.bf_id::text AS market_bf, r.bf_id::text AS selection_id, b.side,
            f.price_tick, sum_minor(f.size_minor)::text AS size_minor
       FROM ${exchangeTables.bets} b
       JOIN ${sportsTables.markets} m ON m.id = b.market_id
       JOIN ${sportsTables.runners} r ON r.market_id = b.market_id AND r.runner_id = b.runner_id
       JOIN ${exchangeTables.betFills} f ON f.market_id = b.market_id AND f.voided_at IS NULL
                       AND (f.taker_order_id = b.id::text OR f.maker_order_id = b.id::text)
       ${byStrategy ? 'JOIN betfair_order_refs o ON o.player_id = b.player_id AND o.client_ref = b.client_ref' : ''}
      WHERE b.player_id = $1 AND NOT m.house_priced
        ${byStrategy ? 'AND o.customer_strategy_ref IS NOT NULL' : ''}
        AND NOT EXISTS (SELECT 1 FROM ${exchangeTables.marketSettlements} ms WHERE ms.market_id = b.market_id)
        AND ($2::bigint IS NULL OR (m.bf_id = $2::bigint AND r.bf_id = $3::bigint))
      GROUP BY 1, m.bf_id, r.bf_id, b.side, f.price_tick
      ORDER BY f.price_tick`,
    [playerId, only?.marketBf ?? null, only?.selectionId ?? null],
  );
}

function matchesByRunner(rows: readonly MatchRow[]): Map<string, Matches> {
  const answer = new Map<string, Matches>();
  for (const row of rows) {
    const key = runnerKey(row.market_bf, row.selection_id);
    const matches = answer.get(key) ?? { mb: [], ml: [] };
    answer.set(key, matches);
    (row.side === 'BACK' ? matches.mb : matches.ml).push([
      priceOfTick(row.price_tick),
      sizeOfMinor(BigInt(row.size_minor)),
    ]);
  }
  return answer;
}

/**
 * Orders and matches as the stream's `oc` list: by market, then runner. `fullImage` marks an image,
 * whose runners replace what the client held.
 */
export function orderChanges(
  rows: readonly OrderRow[],
  matches: ReadonlyMap<string, Matches>,
  fullImage: boolean,
  strategies?: ReadonlyMap<string, ReadonlyMap<string, Matches>>,
): OrderMarketChange[] {
  const markets = new Map<string, Map<string, UnmatchedOrder[]>>();
  const runnerOf = (marketBf: string, selectionId: string) => {
    const runners = markets.get(marketBf) ?? new Map<string, UnmatchedOrder[]>();
    markets.set(marketBf, runners);
    const orders = runners.get(selectionId) ?? [];
    runners.set(selectionId, orders);
    return orders;
  };
  for (const row of rows) runnerOf(row.market_bf, row.selection_id).push(unmatchedOrderOf(row));
  for (const key of [...matches.keys(), ...(strategies?.keys() ?? [])]) {
    const [marketBf, selectionId] = key.split('/') as [string, string];
    runnerOf(marketBf, selectionId);
  }
  return [...markets].map(([marketBf, runners]) => ({
    id: bfMarketId(marketBf),
    ...(fullImage && { fullImage: true }),
    orc: [...runners].map(([selectionId, uo]) => {
      const matched = matches.get(runnerKey(marketBf, selectionId));
      const smc = strategies?.get(runnerKey(marketBf, selectionId));
      return {
        id: Number(selectionId),
        ...(fullImage && { fullImage: true }),
        ...(uo.length > 0 && { uo }),
        ...(matched?.mb.length && { mb: matched.mb }),
        ...(matched?.ml.length && { ml: matched.ml }),
        ...(smc && { smc: Object.fromEntries(smc) }),
      };
    }),
  }));
}
