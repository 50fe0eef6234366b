import type { BetSide, BetStatus, MarketStatus } from '@backlay/contracts';
import { ExchangeMarket, RunnerMarketRisk, type ExchangeEvent, type Persistence } from '@backlay/exchange';
import type { Sql } from '../../db/database.ts';
import { readBookVersion, readTradedMarket } from '../sports/index.ts';
import { readPendingHolds } from '../wallet/index.ts';
import { replayHouseBet } from './house-bets.ts';
import { readRemovals } from './remove-runner-load.ts';
import { readMirror } from './mirror-store.ts';
import { MarketUnit, remainingMinor } from './market-unit.ts';
import type { BetState, MarketInfo, RunLine } from './types.ts';

type MarketRow = {
  id: string;
  event_id: string;
  event_name: string;
  sport: string;
  event_status: string;
  type: string;
  name: string;
  status: MarketStatus;
  in_play: boolean;
  bet_delay_sec: number;
  house_priced: boolean;
  market_maker: boolean;
  min_stake_minor: bigint | string;
  max_stake_minor: bigint | string;
  commission_percent: string | number;
  line: RunLine | null;
  number_of_winners: number | null;
};

/** The market's terms and runners as the database has them now; null: no such market. */
export async function readMarketInfo(sql: Sql, marketId: string): Promise<MarketInfo | null> {
  const read = await readTradedMarket<MarketRow>(sql, marketId);
  if (!read) return null;
  const { market: row, runners } = read;
  return {
    id: row.id,
    eventId: row.event_id,
    eventName: row.event_name,
    sport: row.sport,
    eventClosed: row.event_status === 'CLOSED',
    type: row.type,
    name: row.name,
    status: row.status,
    inPlay: row.in_play,
    betDelaySec: row.bet_delay_sec,
    housePriced: row.house_priced,
    marketMaker: row.market_maker,
    minStakeMinor: BigInt(row.min_stake_minor),
    maxStakeMinor: BigInt(row.max_stake_minor),
    // numeric(5,2) percent → basis points without a float: "2.00" → 200.
    commissionBasisPoints: Math.round(Number(row.commission_percent) * 100),
    runners: runners.map((runner) => ({ id: runner.runner_id, name: runner.name, fairPpm: runner.fair_ppm })),
    numberOfWinners: row.number_of_winners ?? 1,
    line: row.line,
  };
}

/**
 * Rebuilds a market from the database (docs/decisions/0130): the standing fills (0251: not voided) give
 * every account's matched position, the open bets are placed again in their original order (they never
 * cross, or they would have matched), so the book equals what was acknowledged. Status changes are
 * applied afterwards by the first sync, like any other.
 */
export async function loadMarketUnit(sql: Sql, marketId: string): Promise<MarketUnit | null> {
  const info = await readMarketInfo(sql, marketId);
  if (!info) return null;
  const engine = unwrap(ExchangeMarket.create(Math.max(info.runners.length, 1)));
  const risk = unwrap(RunnerMarketRisk.create(Math.max(info.runners.length, 1), info.numberOfWinners));
  const bookVersion = await readBookVersion(sql, marketId);
  const [settled] = await sql.query('SELECT 1 FROM market_settlements WHERE market_id = $1', [marketId]);
  const rows = await sql.query<BetRow>('SELECT * FROM bets WHERE market_id = $1 ORDER BY seq', [marketId]);
  const runnerIndex = new Map(info.runners.map((runner, index) => [runner.id, index]));
  const bets = rows.map((row) => ({ ...toBetState(row), runnerIndex: runnerIndex.get(row.runner_id) ?? -1 }));
  const unit = new MarketUnit(info, engine, risk, {
    bookVersion,
    settled: settled !== undefined,
    nextSeq: bets.length === 0 ? 1 : bets[bets.length - 1]!.seq + 1,
  });
  for (const bet of bets) {
    unit.bets.set(bet.id, bet);
    unit.clientRefs.set(`${bet.playerId} ${bet.clientRef}`, bet.id);
  }
  if (info.housePriced) {
    for (const bet of bets) if (bet.status === 'MATCHED') replayHouseBet(unit, bet);
  } else risk.apply(await readFills(sql, marketId));
  // A bookmaker line's removals too: a later one compounds with them (docs/decisions/0284).
  await readRemovals(sql, unit);
  // Holds are as the ledger has them; only the count of runners left to win can change here.
  risk.setWinners(unit.paidWinners());
  for (const bet of info.housePriced ? [] : bets) {
    const remaining = remainingMinor(bet);
    if (remaining <= 0n || bet.status === 'SETTLED' || bet.status === 'VOID') continue;
    const placed = engine.place({
      orderId: bet.id,
      accountId: bet.playerId,
      runnerIndex: bet.runnerIndex,
      side: bet.side,
      priceTick: bet.priceTick,
      sizeMinor: Number(remaining),
      persistence: bet.persistence,
    });
    if (placed.ok) risk.apply(placed.value.events);
  }
  Object.assign(unit.mirror, await readMirror(sql, marketId));
  const holds = await readPendingHolds(sql, holdPrefix(marketId));
  for (const hold of holds) {
    const accountId = hold.hold_id.slice(holdPrefix(marketId).length);
    unit.openHolds.add(accountId);
    unit.exposures.set(accountId, BigInt(hold.held_minor));
  }
  return unit;
}

/** The ledger hold of one account on one market. */
export const holdPrefix = (marketId: string) => `xm:${marketId}:`;
export const holdIdOf = (marketId: string, accountId: string) => `${holdPrefix(marketId)}${accountId}`;

/** The market's standing fills: one voided with a bet (docs/decisions/0251) is no one's position. */
async function readFills(sql: Sql, marketId: string): Promise<ExchangeEvent[]> {
  const rows = await sql.query<{
    runner_index: number;
    price_tick: number;
    size_minor: bigint | string;
    taker_side: BetSide;
    taker_order_id: string;
    taker_account_id: string;
    maker_order_id: string;
    maker_account_id: string;
  }>('SELECT * FROM bet_fills WHERE market_id = $1 AND voided_at IS NULL ORDER BY id', [marketId]);
  return rows.map((row) => ({
    type: 'FILL',
    runnerIndex: row.runner_index,
    priceTick: row.price_tick,
    sizeMinor: Number(row.size_minor),
    takerSide: row.taker_side,
    takerOrderId: row.taker_order_id,
    takerAccountId: row.taker_account_id,
    makerOrderId: row.maker_order_id,
    makerAccountId: row.maker_account_id,
    makerRemainingMinor: 0,
  }));
}

export type BetRow = {
  id: string;
  seq: string | number;
  player_id: string;
  market_id: string;
  runner_id: string;
  runner_index?: number;
  side: BetSide;
  price_tick: number;
  stake_minor: bigint | string;
  matched_minor: bigint | string;
  matched_value: bigint | string;
  cancelled_minor: bigint | string;
  voided_minor?: bigint | string;
  status: BetStatus;
  persistence: Persistence;
  client_ref: string;
  fingerprint: string;
  profit_minor: bigint | string | null;
  line: RunLine | null;
  placed_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function toBetState(row: BetRow): BetState {
  return {
    id: row.id,
    seq: Number(row.seq),
    playerId: row.player_id,
    marketId: row.market_id,
    runnerId: row.runner_id,
    runnerIndex: row.runner_index ?? -1,
    side: row.side,
    priceTick: row.price_tick,
    stakeMinor: BigInt(row.stake_minor),
    matchedMinor: BigInt(row.matched_minor),
    matchedValue: BigInt(row.matched_value),
    cancelledMinor: BigInt(row.cancelled_minor),
    ...voidedOf(row),
    status: row.status,
    persistence: row.persistence,
    clientRef: row.client_ref,
    fingerprint: row.fingerprint,
    profitMinor: row.profit_minor === null ? null : BigInt(row.profit_minor),
    line: row.line ?? null,
    placedAt: iso(row.placed_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Only a bet with a voided part carries one, so the others keep the shape they always had. */
function voidedOf(row: BetRow): { voidedMinor?: bigint } {
  const voidedMinor = BigInt(row.voided_minor ?? 0);
  return voidedMinor > 0n ? { voidedMinor } : {};
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(`exchange: ${result.code}`);
  return result.value;
}
