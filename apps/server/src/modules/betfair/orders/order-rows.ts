import type { Sql } from '../../../db/database.ts';
import { exchangeTables } from '../../exchange/index.ts';
import { sportsTables } from '../../sports/index.ts';

/** One bet of the caller with what Betfair's order views name: ids, references, settlement and names. */
export type OrderRow = {
  id: string;
  side: 'BACK' | 'LAY';
  price_tick: number;
  stake_minor: string;
  matched_minor: string;
  matched_value: string;
  cancelled_minor: string;
  voided_minor: string;
  status: string;
  persistence: 'LAPSE' | 'PERSIST';
  placed_at: Date | string;
  updated_at: Date | string;
  profit_minor: string | null;
  market_bf: string;
  selection_id: string;
  event_bf: string;
  event_type_bf: string;
  customer_order_ref: string | null;
  customer_strategy_ref: string | null;
  settled_at: Date | string | null;
  event_name: string;
  sport_name: string;
  market_name: string;
  market_type: string;
  start_time: Date | string;
  runner_name: string;
  /** The market's commission in percent (numeric text), what its settlement charged on net winnings. */
  commission_percent: string | number;
};

/** Conditions on the rows (SQL over `b`, `m`, `r`, `e`, `s`, `o`, `ms`) with their parameters from $2 on. */
export class OrderConditions {
  readonly clauses: string[] = [];
  readonly values: unknown[] = [];

  /** Adds `clause`, whose `$?` is the next parameter. */
  add(clause: string, value: unknown): this {
    this.values.push(value);
    this.clauses.push(clause.replace('$?', `$${this.values.length + 1}`));
    return this;
  }

  raw(clause: string): this {
    this.clauses.push(clause);
    return this;
  }
}

const ORDER_BY: Readonly<Record<string, string>> = {
  BY_BET: 'b.placed_at, b.id',
  BY_PLACE_TIME: 'b.placed_at, b.id',
  BY_MARKET: 'm.bf_id, b.placed_at, b.id',
  BY_MATCH_TIME: 'b.updated_at, b.id',
  BY_SETTLED_TIME: 'ms.settled_at, b.id',
  BY_VOID_TIME: 'b.updated_at, b.id',
};

/**
 * The caller's exchange bets (house markets are not offered here) that meet `conditions`, in Betfair's
 * order, `count + 1` from `from` so the caller knows whether more are available.
 */
export async function readOrderRows(
  sql: Sql,
  playerId: string,
  conditions: OrderConditions,
  page: { orderBy: string; descending: boolean; from: number; count: number },
): Promise<OrderRow[]> {
  const direction = page.descending ? 'DESC' : 'ASC';
  const order = (ORDER_BY[page.orderBy] ?? ORDER_BY.BY_BET!)
    .split(', ')
    .map((column) => `${column} ${direction}`)
    .join(', ');
  const where = ['b.player_id = $1', 'NOT m.house_priced', ...conditions.clauses].join(' AND ');
  const limit = conditions.values.length + 2;
  return sql.query<OrderRow>(
    `SELECT b.id, b.side, b.price_tick, b.stake_minor::text, b.matched_minor::text, b.matched_value::text,
            b.cancelled_minor::text, b.voided_minor::text, b.status, b.persistence, b.placed_at, b.updated_at,
            b.profit_minor::text, m.bf_id::text AS market_bf, r.bf_id::text AS selection_id,
            e.bf_id::text AS event_bf, s.bf_id::text AS event_type_bf, o.customer_order_ref,
            o.customer_strategy_ref, ms.settled_at, e.name AS event_name, s.name AS sport_name,
            m.name AS market_name, m.type AS market_type, e.start_time, r.name AS runner_name,
            m.commission_percent
       FROM ${exchangeTables.bets} b
       JOIN ${sportsTables.markets} m ON m.id = b.market_id
       JOIN ${sportsTables.runners} r ON r.market_id = b.market_id AND r.runner_id = b.runner_id
       JOIN ${sportsTables.events} e ON e.id = m.event_id
       JOIN ${sportsTables.sports} s ON s.slug = e.sport_slug
       LEFT JOIN betfair_order_refs o ON o.player_id = b.player_id AND o.client_ref = b.client_ref
       LEFT JOIN ${exchangeTables.marketSettlements} ms ON ms.market_id = b.market_id
      WHERE ${where}
      ORDER BY ${order}
      LIMIT $${limit} OFFSET $${limit + 1}`,
    [playerId, ...conditions.values, page.count + 1, page.from],
  );
}

/** Orders of markets not yet settled: listCurrentOrders, the books' own orders and the order stream's image. */
export const CURRENT_ORDERS = `b.status IN ('UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED', 'CANCELLED', 'LAPSED') AND ms.market_id IS NULL`;
/** Orders with a part still resting in the book. */
export const RESTING_ORDERS = `b.status IN ('UNMATCHED', 'PARTIALLY_MATCHED')`;

/** An order's parts in minor units: a LAPSED bet's cancelled part lapsed, anything else's was cancelled. */
export type OrderSizes = {
  stake: bigint;
  matched: bigint;
  cancelled: bigint;
  lapsed: bigint;
  voided: bigint;
  remaining: bigint;
  resting: boolean;
};

export function orderSizes(row: OrderRow): OrderSizes {
  const stake = BigInt(row.stake_minor);
  const matched = BigInt(row.matched_minor);
  const withdrawn = BigInt(row.cancelled_minor);
  const voided = BigInt(row.voided_minor);
  const lapsed = row.status === 'LAPSED' ? withdrawn : 0n;
  const resting = row.status === 'UNMATCHED' || row.status === 'PARTIALLY_MATCHED';
  return {
    stake,
    matched,
    cancelled: withdrawn - lapsed,
    lapsed,
    voided,
    remaining: resting ? stake - matched - withdrawn - voided : 0n,
    resting,
  };
}
