import type { Market } from '@backlay/contracts';
import type { Sql } from '../../../db/database.ts';
import { exchangeTables } from '../../exchange/index.ts';
import { sportsTables } from '../../sports/index.ts';
import { ALL_LEVELS, readBooks, type Level, type LiveBooks } from '../catalogue/live-book.ts';
import { RACING_SPORTS, type MarketRow } from '../catalogue/market-query.ts';
import { majorUnits, priceOfTick } from '../catalogue/prices.ts';
import { betfairDate, marketIdOf, type RunnerRow } from '../catalogue/shapes.ts';
import { marketTotalMinor, readTraded } from '../catalogue/traded.ts';
import type { MarketDefinition, PriceSize } from './messages.ts';

/** What a market's stream reads once, when the first subscriber joins: its row and runners. */
export type MarketWithRunners = { row: MarketRow; runners: readonly RunnerRow[] };

export type RunnerState = {
  selectionId: number;
  back: readonly PriceSize[];
  lay: readonly PriceSize[];
  /** Traded volume by price, lowest first. */
  traded: readonly PriceSize[];
  tv: number;
  ltp: number | undefined;
};

/** A market as its stream shows it now. */
export type MarketState = {
  marketId: string;
  definition: MarketDefinition;
  /** The definition without its version: what a subscription's delta compares. */
  definitionKey: string;
  runners: readonly RunnerState[];
  tv: number;
};

/** The changing part of the definition, read with every state (docs/decisions/0259). */
export type MarketLive = Pick<Market, 'status' | 'inPlay' | 'betDelaySec'> & {
  /** The definition's version: `markets.definition_version`, as listMarketBook shows it. */
  version: number;
};

const liveOfRow = (row: MarketRow): MarketLive => ({
  status: row.status,
  inPlay: row.in_play,
  betDelaySec: row.in_play ? row.bet_delay_sec : 0,
  version: Number(row.version),
});

// The stream's statuses are INACTIVE, OPEN, SUSPENDED and CLOSED: a settled or void market is closed.
const STATUS: Record<Market['status'], MarketDefinition['status']> = {
  OPEN: 'OPEN',
  SUSPENDED: 'SUSPENDED',
  CLOSED: 'CLOSED',
  SETTLED: 'CLOSED',
  VOID: 'CLOSED',
};

/** How a settled or void market ended: the winning runner (none for a void) and when it was paid out. */
export type MarketEnd = { winnerRunnerId: string | null; settledAt: Date | string };

/** A runner's status in the definition: WINNER and LOSER once the market settled on a winner. */
const runnerStatus = (end: MarketEnd | undefined, runnerId: string) =>
  !end?.winnerRunnerId ? 'ACTIVE' : end.winnerRunnerId === runnerId ? 'WINNER' : 'LOSER';

/**
 * The client's MarketDefinition requires exactly these 22 keys (the rest are optional, and its runners
 * refuse any key beyond id, sortPriority, status, hc, bsp, adjustmentFactor, removalDate, name).
 */
function definitionOf(
  info: MarketWithRunners,
  live: MarketLive,
  version: number,
  end: MarketEnd | undefined,
): MarketDefinition {
  const { row } = info;
  return {
    betDelay: live.betDelaySec,
    bettingType: 'ODDS',
    bspMarket: false,
    bspReconciled: false,
    complete: true,
    crossMatching: false,
    discountAllowed: false,
    eventId: String(row.event_bf_id),
    eventTypeId: String(row.sport_bf_id),
    inPlay: live.inPlay,
    marketBaseRate: Number(row.commission_percent),
    marketTime: betfairDate(row.start_time),
    numberOfActiveRunners: info.runners.length,
    numberOfWinners: 1,
    persistenceEnabled: true,
    regulators: ['MR_INT'],
    runnersVoidable: false,
    status: STATUS[live.status],
    timezone: 'UTC',
    turnInPlayEnabled: !RACING_SPORTS.includes(row.sport_slug),
    version,
    runners: info.runners.map((runner, index) => ({
      id: Number(runner.bf_id),
      sortPriority: index + 1,
      status: runnerStatus(end, runner.runner_id),
      hc: 0,
    })),
    // An optional key the client's MarketDefinition takes; Betfair sends it once the market settled.
    ...(end && { settledTime: betfairDate(end.settledAt) }),
    openDate: betfairDate(row.start_time),
    suspendTime: betfairDate(row.start_time),
    marketType: row.type_code,
    name: row.name,
    eventName: row.event_name,
    priceLadderDefinition: { type: 'CLASSIC' },
  };
}

type LiveRow = {
  status: Market['status'];
  in_play: boolean;
  bet_delay_sec: number;
  version: bigint | string | number;
  runner_id: string | null;
  settled_at: Date | string | null;
};

/**
 * The market's status, delay and definition version as committed now, with its settlement once it
 * settled or was voided: read with each state, after the hub subscribed to the market's topic, so a
 * change committed between the subscription's market query and its image (a close, say) still shows.
 */
async function readLive(
  sql: Sql,
  marketId: string,
): Promise<{ live: MarketLive; end: MarketEnd | undefined } | undefined> {
  const [row] = await sql.query<LiveRow>(
    `SELECT m.status, m.in_play, m.bet_delay_sec, m.definition_version AS version, s.settled_at,
            CASE WHEN s.result->>'kind' = 'WINNER' THEN s.result->>'runnerId' END AS runner_id
       FROM ${sportsTables.markets} m
       LEFT JOIN ${exchangeTables.marketSettlements} s ON s.market_id = m.id AND m.status IN ('SETTLED', 'VOID')
      WHERE m.id = $1`,
    [marketId],
  );
  if (!row) return undefined;
  const live = {
    status: row.status,
    inPlay: row.in_play,
    betDelaySec: row.in_play ? row.bet_delay_sec : 0,
    version: Number(row.version),
  };
  const end =
    row.settled_at === null ? undefined : { winnerRunnerId: row.runner_id, settledAt: row.settled_at };
  return { live, end };
}

const pairs = (levels: readonly Level[] | undefined): PriceSize[] =>
  (levels ?? []).map((level) => [level.price, majorUnits(level.sizeMinor)] as const);

/**
 * The market now: its definition as committed, its book (from memory where this instance owns the
 * market, else the stored best levels) and its fills' totals, read once per announced change however
 * many connections follow it.
 */
export async function readMarketState(
  sql: Sql,
  books: LiveBooks | undefined,
  info: MarketWithRunners,
): Promise<MarketState> {
  const [levelsByMarket, traded, now] = await Promise.all([
    readBooks(sql, books, [info.row.id], ALL_LEVELS),
    readTraded(sql, [info.row.id]),
    readLive(sql, info.row.id),
  ]);
  const levels = levelsByMarket.get(info.row.id);
  const fills = traded.get(info.row.id);
  const runners = info.runners.map((runner, index): RunnerState => {
    const sides = levels?.runners.get(runner.runner_id);
    const filled = fills?.get(index);
    return {
      selectionId: Number(runner.bf_id),
      back: pairs(sides?.back),
      lay: pairs(sides?.lay),
      traded: [...(filled?.byTick ?? [])]
        .sort(([a], [b]) => a - b)
        .map(([tick, size]) => [priceOfTick(tick), majorUnits(size)] as const),
      tv: majorUnits(filled?.totalMinor ?? 0n),
      ltp: filled ? priceOfTick(filled.lastTick) : undefined,
    };
  });
  const live = now?.live ?? liveOfRow(info.row);
  const draft = definitionOf(info, live, 0, now?.end);
  return {
    marketId: marketIdOf(info.row),
    definition: { ...draft, version: live.version },
    definitionKey: JSON.stringify(draft),
    runners,
    tv: majorUnits(marketTotalMinor(fills)),
  };
}
