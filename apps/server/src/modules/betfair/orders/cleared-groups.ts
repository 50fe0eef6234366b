import { commissionMinor, priceHundredthsOfTick } from '@backlay/exchange';
import { bfMarketId, betIdOfUuid } from '../ids.ts';
import { averagePrice, betfairDate, sizeOfMinor } from './amounts.ts';
import type { OrderRow } from './order-rows.ts';
import type { ClearedOrderRollup, ItemDescription } from './order-shapes.ts';

/** Betfair's GroupBy of listClearedOrders, widest first. */
export const GROUP_BY = ['EVENT_TYPE', 'EVENT', 'MARKET', 'RUNNER', 'SIDE', 'BET'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export type RollUpLevel = Exclude<GroupBy, 'BET'>;

/** How many of a bet's ids (event type, event, market, selection, side) a level's key takes. */
const KEY_PARTS: Record<RollUpLevel, number> = { EVENT_TYPE: 1, EVENT: 2, MARKET: 3, RUNNER: 4, SIDE: 5 };
const BELOW_EVENT: ReadonlySet<RollUpLevel> = new Set(['MARKET', 'RUNNER', 'SIDE']);

const keyOf = (row: OrderRow, level: RollUpLevel) =>
  [row.event_type_bf, row.event_bf, row.market_bf, row.selection_id, row.side]
    .slice(0, KEY_PARTS[level])
    .join('/');

const settledMinorOf = (row: OrderRow) => (row.status === 'SETTLED' ? BigInt(row.matched_minor) : 0n);
const profitOf = (row: OrderRow) => (row.profit_minor === null ? 0n : BigInt(row.profit_minor));
const sum = (rows: readonly OrderRow[], of: (row: OrderRow) => bigint) =>
  rows.reduce((total, row) => total + of(row), 0n);
const latest = (dates: readonly (Date | string)[]) =>
  betfairDate(new Date(Math.max(...dates.map((date) => new Date(date).getTime()))));
const allSame = <T>(rows: readonly OrderRow[], of: (row: OrderRow) => T) =>
  rows.every((row) => of(row) === of(rows[0]!));

/** Percent text ("2", "2.50") as basis points, read from its decimal text, never through a float sum. */
function basisPointsOf(percent: string | number): number {
  const [whole = '0', fraction = ''] = String(percent).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * A market's commission on the player's net winnings there, as its settlement charged it: the
 * market's rate on the sum of the bets' profits, rounded down, nothing on a net loss.
 */
function marketCommission(rows: readonly OrderRow[]): bigint {
  const settled = rows.filter((row) => row.status === 'SETTLED');
  if (settled.length === 0) return 0n;
  return commissionMinor(sum(settled, profitOf), basisPointsOf(settled[0]!.commission_percent));
}

/** Requested prices averaged by stake, matched prices by matched size (Betfair's AVG). */
function averages(rows: readonly OrderRow[]) {
  const stake = sum(rows, (row) => BigInt(row.stake_minor));
  const requested = sum(
    rows,
    (row) => BigInt(row.stake_minor) * BigInt(priceHundredthsOfTick(row.price_tick)),
  );
  return {
    priceRequested: averagePrice(requested, stake),
    priceMatched: averagePrice(
      sum(rows, (row) => BigInt(row.matched_value)),
      sum(rows, (row) => BigInt(row.matched_minor)),
    ),
    sizeSettled: sizeOfMinor(sum(rows, settledMinorOf)),
  };
}

/** The fields Betfair hoists to a level when the roll-up leaves them unambiguous. */
function hoisted(level: RollUpLevel, rows: readonly OrderRow[]): Partial<ClearedOrderRollup> {
  if (!BELOW_EVENT.has(level)) return {};
  const first = rows[0]!;
  // SIDE always has one runner and side; RUNNER when its bets share a side; MARKET when they share both.
  const oneRunner = level !== 'MARKET' || allSame(rows, (row) => row.selection_id);
  const oneSide = oneRunner && (level === 'SIDE' || allSame(rows, (row) => row.side));
  const onePersistence = allSame(rows, (row) => row.persistence);
  return {
    ...(oneRunner &&
      (level !== 'MARKET' || oneSide) && { selectionId: Number(first.selection_id), handicap: 0 }),
    ...(oneSide && { side: first.side, ...averages(rows) }),
    ...(rows.length === 1 && { betId: betIdOfUuid(first.id) }),
    ...(onePersistence && { persistenceType: first.persistence, orderType: 'LIMIT' as const }),
    placedDate: latest(rows.map((row) => row.placed_at)),
    priceReduced: false,
  };
}

/** The item description as far as the level names one market, runner and event. */
function describedAt(level: RollUpLevel, row: OrderRow): Partial<ItemDescription> | undefined {
  if (!BELOW_EVENT.has(level)) return undefined;
  return {
    eventTypeDesc: row.sport_name,
    eventDesc: row.event_name,
    marketDesc: row.market_name,
    marketType: row.market_type,
    marketStartTime: betfairDate(row.start_time),
    ...(level !== 'MARKET' && { runnerDesc: row.runner_name }),
    numberOfWinners: 1,
  };
}

/** One roll-up record, with the fields Betfair's roll-up table gives its level. */
function rollUpRecord(level: RollUpLevel, rows: readonly OrderRow[], described: boolean): ClearedOrderRollup {
  const first = rows[0]!;
  const byMarket = new Map<string, OrderRow[]>();
  for (const row of rows) byMarket.set(row.market_bf, [...(byMarket.get(row.market_bf) ?? []), row]);
  const commission = [...byMarket.values()].reduce((total, market) => total + marketCommission(market), 0n);
  const description = described ? describedAt(level, first) : undefined;
  return {
    eventTypeId: first.event_type_bf,
    ...(level !== 'EVENT_TYPE' && { eventId: first.event_bf }),
    ...(BELOW_EVENT.has(level) && { marketId: bfMarketId(first.market_bf) }),
    ...hoisted(level, rows),
    ...(description && { itemDescription: description }),
    settledDate: latest(rows.map((row) => row.settled_at ?? row.updated_at)),
    betCount: rows.length,
    profit: sizeOfMinor(sum(rows, profitOf)),
    // Betfair's table: commission from the market up, where the settlement charged it.
    ...((level === 'MARKET' || !BELOW_EVENT.has(level)) && { commission: sizeOfMinor(commission) }),
  };
}

/**
 * listClearedOrders above BET (Betfair's roll-up levels): the bets grouped by their event type, event,
 * market, runner or side, in the order their groups first appear; profit, size settled and bet count
 * summed, dates the latest, prices averaged, and the lower levels' fields only where they are
 * unambiguous (one bet, one side, one runner), as Betfair's "Roll-up Fields Available" table says.
 */
export function rollUpCleared(
  rows: readonly OrderRow[],
  level: RollUpLevel,
  described: boolean,
): ClearedOrderRollup[] {
  const groups = new Map<string, OrderRow[]>();
  for (const row of rows) {
    const key = keyOf(row, level);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].map((group) => rollUpRecord(level, group, described));
}
