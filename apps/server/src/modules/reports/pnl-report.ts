import {
  BET_PRODUCTS,
  type CommissionQuery,
  type CommissionReport,
  type PnlQuery,
  type PnlReport,
  type PnlRow,
} from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { sportsTables } from '../sports/index.ts';
import { bettingMovesParams, bettingMovesSql, bettingTotals, type MoveTotals } from './betting-ledger.ts';
import type { ReportWindow } from './report-window.ts';
import { turnoverBy } from './turnover.ts';

/**
 * Profit and loss of a period (docs/decisions/0247): turnover from the bets placed in it, and the
 * winnings, commission and gross gaming revenue from the ledger's betting transfers posted in it, so the
 * GGR is what the operator's accounts gained, to the minor unit.
 */

export type ReportContext = { sql: Sql; timeZone: string; makerAccountId: string };

type Grouping = { moves: string; stakes: string; joinsOf(table: string): string };

const DAY_OF = (table: string) => `to_char(${table}.at AT TIME ZONE $TZ, 'YYYY-MM-DD')`;
const SPORT_OF = `CASE WHEN product = 'exchange' THEN coalesce(e.sport_slug, 'exchange') ELSE product END`;
const SPORT_JOINS = (table: string) =>
  `LEFT JOIN ${sportsTables.markets} m ON m.id = ${table}.market_id LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id`;

const GROUPINGS: Record<PnlQuery['by'], Grouping> = {
  day: { moves: DAY_OF('moves'), stakes: DAY_OF('stakes'), joinsOf: () => '' },
  product: { moves: 'product', stakes: 'product', joinsOf: () => '' },
  sport: { moves: SPORT_OF, stakes: SPORT_OF, joinsOf: SPORT_JOINS },
};

/** `$TZ` names the time zone's parameter after the query's own (`after` of them). */
const withZone = (text: string, after: number) => text.replaceAll('$TZ', `$${after + 1}::text`);

export async function readPnl(
  context: ReportContext,
  window: ReportWindow,
  by: PnlQuery['by'],
): Promise<PnlReport> {
  const grouping = GROUPINGS[by];
  const zone = by === 'day' ? [context.timeZone] : [];
  const [money, turnover] = await Promise.all([
    bettingTotals(
      context.sql,
      window,
      context.makerAccountId,
      withZone(grouping.moves, 4),
      grouping.joinsOf('moves'),
      zone,
    ),
    turnoverBy(context.sql, window, withZone(grouping.stakes, 2), grouping.joinsOf('stakes'), zone),
  ]);
  const keys = new Set([...keysOf(by, window), ...money.keys(), ...turnover.keys()]);
  const rows = [...keys].sort().map((key) => rowOf(key, turnover.get(key) ?? 0n, money.get(key)));
  const total = rowOf(
    'total',
    [...turnover.values()].reduce((sum, value) => sum + value, 0n),
    sumTotals([...money.values()]),
  );
  return { from: window.from, to: window.to, by, rows, total };
}

/** The keys a report always lists, with zeros where nothing happened: every day, every product. */
function keysOf(by: PnlQuery['by'], window: ReportWindow): string[] {
  if (by === 'product') return [...BET_PRODUCTS];
  if (by === 'sport') return [];
  const days: string[] = [];
  for (let ms = Date.parse(`${window.from}T00:00:00Z`); ; ms += 86_400_000) {
    const day = new Date(ms).toISOString().slice(0, 10);
    days.push(day);
    if (day >= window.to) return days;
  }
}

const ZERO: MoveTotals = { gain: 0n, winnings: 0n, commission: 0n };

function sumTotals(all: MoveTotals[]): MoveTotals {
  return all.reduce(
    (sum, one) => ({
      gain: sum.gain + one.gain,
      winnings: sum.winnings + one.winnings,
      commission: sum.commission + one.commission,
    }),
    ZERO,
  );
}

const rowOf = (key: string, turnover: bigint, money: MoveTotals = ZERO): PnlRow => ({
  key,
  turnover: formatMinor(turnover),
  winnings: formatMinor(money.winnings),
  ggr: formatMinor(money.gain),
  commission: formatMinor(money.commission),
});

/**
 * Commission per day and market (or sport), oldest day first, paged by (day, key). The total covers the
 * whole range. Parameters after the moves': $5 zone, $6 cursor day, $7 cursor key, $8 rows.
 */
export async function readCommission(
  context: ReportContext,
  window: ReportWindow,
  query: CommissionQuery,
): Promise<CommissionReport> {
  const byMarket = query.by === 'market';
  const [cursorDay, cursorKey] = query.cursor ? splitCursor(query.cursor) : [null, null];
  const rows = await context.sql.query<{
    day: string;
    key: string;
    name: string;
    sport: string;
    commission: string;
    charges: string;
    total: string;
  }>(
    `${bettingMovesSql()},
     charged AS (
       SELECT to_char(moves.at AT TIME ZONE $5::text, 'YYYY-MM-DD') AS day,
              ${byMarket ? 'moves.market_id' : "coalesce(e.sport_slug, 'exchange')"} AS key,
              ${byMarket ? "coalesce(e.name || ' · ' || m.name, moves.market_id)" : "coalesce(s.name, 'Exchange')"} AS name,
              coalesce(e.sport_slug, 'exchange') AS sport,
              sum(moves.commission) AS commission, count(*) AS charges
         FROM moves LEFT JOIN ${sportsTables.markets} m ON m.id = moves.market_id
         LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id LEFT JOIN ${sportsTables.sports} s ON s.slug = e.sport_slug
        WHERE moves.commission > 0
        GROUP BY 1, 2, 3, 4
     )
     SELECT day, key, name, sport, commission::text, charges::text,
            (SELECT coalesce(sum(commission), 0) FROM charged)::text AS total
       FROM charged
      WHERE $6::text IS NULL OR (day, key) > ($6::text, $7::text)
      ORDER BY day, key LIMIT $8`,
    [
      ...bettingMovesParams(window, context.makerAccountId),
      context.timeZone,
      cursorDay,
      cursorKey,
      query.limit + 1,
    ],
  );
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  const total = rows[0]?.total ?? (await commissionTotal(context, window));
  return {
    from: window.from,
    to: window.to,
    items: items.map((row) => ({
      day: row.day,
      key: row.key,
      name: row.name,
      sport: row.sport,
      commission: formatMinor(BigInt(row.commission)),
      charges: Number(row.charges),
    })),
    next: rows.length > query.limit && last ? `${last.day}_${last.key}` : null,
    total: formatMinor(BigInt(total)),
  };
}

/** The range's commission when the page is empty (a cursor past the last row, or nothing charged). */
async function commissionTotal(context: ReportContext, window: ReportWindow): Promise<string> {
  const totals = await bettingTotals(context.sql, window, context.makerAccountId, "'all'");
  return String(totals.get('all')?.commission ?? 0n);
}

function splitCursor(cursor: string): [string, string] {
  const at = cursor.indexOf('_');
  return [cursor.slice(0, at), cursor.slice(at + 1)];
}
