import {
  BET_PRODUCTS,
  type Dashboard,
  type DashboardAlert,
  type MarketExposure,
  type ReadReplica,
} from '@backlay/contracts';
import { formatMinor, parseFormattedMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { sportsTables } from '../sports/index.ts';
import { roundTables } from '../tables/index.ts';
import { heldExposureMinor } from '../wallet/index.ts';
import { PLAYER_OF_ACCOUNT, bettingMovesParams, bettingMovesSql, bettingTotals } from './betting-ledger.ts';
import { readMarketExposures } from './exposures.ts';
import { todayWindow, type ReportWindow } from './report-window.ts';
import { recentBetting, turnoverBy } from './turnover.ts';

/**
 * The console's dashboard (docs/decisions/0246): one snapshot from a handful of statements, each read
 * through an index over what is recent or open (today's bets and betting transfers, open holds, open
 * rounds), never over the whole history.
 */

export type DashboardOptions = {
  timeZone: string;
  makerAccountId: string;
  thresholds: AlertThresholds;
  /** Where lists and reports read, and its lag (docs/decisions/0308). */
  readReplica: () => Promise<ReadReplica>;
};

export type AlertThresholds = {
  /** A market whose players' liability is above this is an alert. */
  marketLiabilityMinor: bigint;
  /** A player whose net win today is above this is an alert. */
  playerWinMinor: bigint;
  /** A round or decided market still unsettled this long after it should have been is an alert. */
  settlementOverdueMs: number;
};

/** From `ALERT_MARKET_LIABILITY` and `ALERT_PLAYER_WIN`, validated at start with the rest of the env. */
export function alertThresholds(env: {
  ALERT_MARKET_LIABILITY: bigint;
  ALERT_PLAYER_WIN: bigint;
}): AlertThresholds {
  return {
    marketLiabilityMinor: env.ALERT_MARKET_LIABILITY,
    playerWinMinor: env.ALERT_PLAYER_WIN,
    settlementOverdueMs: 120_000,
  };
}

/** Players who placed a bet this recently count as online (sessions record no activity of their own). */
export const ONLINE_WINDOW_MINUTES = 15;
export const LARGEST_LIABILITIES = 5;
const ALERTS_PER_KIND = 10;

/** How long the day's sums (every bet and betting transfer since midnight) are reused. */
export const DAY_FIGURES_REFRESH_MS = 30_000;

type DayFigures = {
  startMs: number;
  products: { product: (typeof BET_PRODUCTS)[number]; turnover: bigint; ggr: bigint }[];
  winners: DashboardAlert[];
};

/**
 * The day's sums cost in proportion to the day's betting, so they are read at most every
 * DAY_FIGURES_REFRESH_MS (and at once after midnight); everything else is read on every snapshot.
 */
export class DayFiguresCache {
  #latest: { atMs: number; figures: Promise<DayFigures> } | null = null;

  read(sql: Sql, options: DashboardOptions, today: ReportWindow, nowMs: number): Promise<DayFigures> {
    const latest = this.#latest;
    if (latest && nowMs - latest.atMs < DAY_FIGURES_REFRESH_MS) {
      return latest.figures.then((figures) =>
        figures.startMs === today.startMs ? figures : this.#refresh(sql, options, today, nowMs),
      );
    }
    return this.#refresh(sql, options, today, nowMs);
  }

  #refresh(sql: Sql, options: DashboardOptions, today: ReportWindow, nowMs: number): Promise<DayFigures> {
    const entry = { atMs: nowMs, figures: readDayFigures(sql, options, today) };
    this.#latest = entry;
    entry.figures.catch(() => {
      if (this.#latest === entry) this.#latest = null;
    });
    return entry.figures;
  }
}

async function readDayFigures(sql: Sql, options: DashboardOptions, today: ReportWindow): Promise<DayFigures> {
  const [turnover, money, winners] = await Promise.all([
    turnoverBy(sql, today, 'product'),
    bettingTotals(sql, today, options.makerAccountId, 'product'),
    bigWinnersToday(sql, today, options),
  ]);
  const products = BET_PRODUCTS.map((product) => ({
    product,
    turnover: turnover.get(product) ?? 0n,
    ggr: money.get(product)?.gain ?? 0n,
  }));
  return { startMs: today.startMs, products, winners };
}

export async function readDashboard(
  sql: Sql,
  options: DashboardOptions,
  nowMs = Date.now(),
  day: DayFiguresCache = new DayFiguresCache(),
): Promise<Dashboard> {
  const today = await todayWindow(sql, nowMs, options.timeZone);
  const [recent, figures, exposure, markets, overdue, readReplica] = await Promise.all([
    recentBetting(sql, nowMs - 60_000, nowMs - ONLINE_WINDOW_MINUTES * 60_000),
    day.read(sql, options, today, nowMs),
    heldExposureMinor(sql, options.makerAccountId),
    readMarketExposures(
      sql,
      options.makerAccountId,
      'liability',
      Math.max(LARGEST_LIABILITIES, ALERTS_PER_KIND),
    ),
    overdueSettlements(sql, nowMs - options.thresholds.settlementOverdueMs),
    options.readReplica(),
  ]);
  const products = figures.products;
  return {
    at: new Date(nowMs).toISOString(),
    betsPerSecond: Math.round((recent.bets / 60) * 100) / 100,
    today: {
      from: new Date(today.startMs).toISOString(),
      products: products.map((row) => ({
        product: row.product,
        turnover: formatMinor(row.turnover),
        ggr: formatMinor(row.ggr),
      })),
      turnover: formatMinor(products.reduce((sum, row) => sum + row.turnover, 0n)),
      ggr: formatMinor(products.reduce((sum, row) => sum + row.ggr, 0n)),
    },
    openExposure: formatMinor(exposure),
    playersOnline: recent.players,
    onlineWindowMinutes: ONLINE_WINDOW_MINUTES,
    largestLiabilities: markets.slice(0, LARGEST_LIABILITIES),
    alerts: [...liabilityAlerts(markets, options.thresholds), ...figures.winners, ...overdue],
    readReplica,
  };
}

function liabilityAlerts(markets: MarketExposure[], thresholds: AlertThresholds): DashboardAlert[] {
  const limit = thresholds.marketLiabilityMinor;
  return markets
    .filter((market) => parseFormattedMinor(market.liability) > limit)
    .map((market) => ({
      kind: 'MARKET_LIABILITY',
      subject: market.marketId,
      message: `${market.event} · ${market.market}: players' liability ${market.liability} is above ${formatMinor(limit)}.`,
      amount: market.liability,
    }));
}

/** Players whose net win today (every product, after commission) is above the threshold. */
async function bigWinnersToday(
  sql: Sql,
  today: { startMs: number; endMs: number },
  options: DashboardOptions,
): Promise<DashboardAlert[]> {
  const rows = await sql.query<{ player_id: string; email: string | null; won: string }>(
    `${bettingMovesSql()}
     SELECT w.player_id, u.email, w.won::text FROM (
       SELECT ${PLAYER_OF_ACCOUNT} AS player_id, -sum(gain) AS won FROM moves
        WHERE player_account IS NOT NULL AND product IS NOT NULL GROUP BY 1
     ) w LEFT JOIN ${authTables.users} u ON u.id::text = w.player_id
      WHERE w.won > $5 ORDER BY w.won DESC, w.player_id LIMIT ${ALERTS_PER_KIND}`,
    [...bettingMovesParams(today, options.makerAccountId), options.thresholds.playerWinMinor.toString()],
  );
  return rows.map((row) => {
    const won = formatMinor(BigInt(row.won));
    return {
      kind: 'PLAYER_WIN',
      subject: row.player_id,
      message: `${row.email ?? row.player_id} has won ${won} net today, above ${formatMinor(options.thresholds.playerWinMinor)}.`,
      amount: won,
    };
  });
}

/**
 * Settlements that should have happened and did not. A failed settlement leaves no row of its own (it
 * rolls back and is logged), so what is visible is its effect: a market with a result decided but not
 * settled, or a table or crash round still open well after its last phase should have ended.
 */
async function overdueSettlements(sql: Sql, beforeMs: number): Promise<DashboardAlert[]> {
  const before = new Date(beforeMs).toISOString();
  const rows = await sql.query<{ kind: string; subject: string; name: string }>(
    `(SELECT 'market' AS kind, r.market_id AS subject, coalesce(e.name || ' · ' || m.name, r.market_id) AS name
        FROM ${sportsTables.marketResults} r JOIN ${sportsTables.markets} m ON m.id = r.market_id
        LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id
       WHERE r.decided_at < $1 AND m.status NOT IN ('SETTLED', 'VOID')
       ORDER BY r.decided_at LIMIT ${ALERTS_PER_KIND})
     UNION ALL
     (SELECT 'round', t.id::text, t.table_id || ' round ' || t.id
        FROM ${roundTables.tableRounds} t WHERE t.status NOT IN ('SETTLED', 'VOID') AND t.phase_ends_at < $1
       ORDER BY t.phase_ends_at LIMIT ${ALERTS_PER_KIND})`,
    [before],
  );
  return rows.map((row) => ({
    kind: 'SETTLEMENT_OVERDUE',
    subject: row.subject,
    message:
      row.kind === 'market'
        ? `${row.name}: the result is in but the market is not settled.`
        : `${row.name} is still open past the end of its last phase; its settlement may have failed.`,
    amount: null,
  }));
}
