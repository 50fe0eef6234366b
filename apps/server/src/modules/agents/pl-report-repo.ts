import { DOWNLINE_PL_GROUPS, HOUSE_PLAYERS_ROW_ID, type DownlinePlGroup } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { shareTables } from '../shares/index.ts';
import { sportsTables } from '../sports/index.ts';

/** The house's rows in the roll-ups (it has no agent row of its own). */
export const HOUSE_VIEW_ID = '00000000-0000-0000-0000-000000000000';

/** One row's sums in minor units, keyed by child id, market id or day. */
export type PlSums = {
  key: string;
  name: string;
  turnover: bigint;
  playersPl: bigint;
  ownShare: bigint;
  uplineShare: bigint;
  commission: bigint;
};

const FIGURES = ['turnover', 'players_pl', 'own_share', 'upline_share', 'commission'] as const;
const ABOVE = ['above1_share', 'above2_share', 'above3_share', 'above4_share', 'above5_share'] as const;

type SumsRow = { key: string; name: string } & Record<
  (typeof FIGURES)[number] | (typeof ABOVE)[number],
  bigint | string
>;

/** The sums a statement makes: the parts above the account's agent only for a viewer above it (0313). */
const sumsOf = (columns: readonly string[]) =>
  columns.map((column) => `sum(${column}_minor)::bigint AS ${column}`).join(', ');
const columnsOf = (columns: readonly string[]) => columns.map((column) => `r.${column}`).join(', ');
/** One account's days: a range of the roll-up's primary key (agent, day, …). */
const PERIOD = 'agent_id = $1::uuid AND day BETWEEN $2::date AND $3::date';

/**
 * Each grouping sums one roll-up over the period first (an index range), then names the few groups:
 * a child by its user's name, a market as "event · market" (its id when the catalogue has none).
 * Children are in order of name (byte order, the same on every database), markets of turnover. Days
 * sum the market roll-up, which holds the same results in fewer rows where children are many (the
 * house's own players: a row per player and day, against one per market and day). An account reading
 * its own rows sums five columns, not ten: an agent with thousands of players of its own has a row
 * per player and day.
 */
function statementOf(group: DownlinePlGroup, columns: readonly string[]): string {
  const [sums, picked] = [sumsOf(columns), columnsOf(columns)];
  if (group === 'child')
    return `
    SELECT r.child_id::text AS key,
           CASE WHEN r.child_id = '${HOUSE_PLAYERS_ROW_ID}' THEN 'Players of the house'
                ELSE coalesce(u.name, r.child_id::text) END AS name, ${picked}
      FROM (SELECT child_id, ${sums} FROM ${shareTables.agentPlDaily} WHERE ${PERIOD} GROUP BY child_id) r
      LEFT JOIN ${authTables.users} u ON u.id = r.child_id
     ORDER BY r.child_id = '${HOUSE_PLAYERS_ROW_ID}', lower(coalesce(u.name, r.child_id::text)) COLLATE "C", key`;
  if (group === 'market')
    return `
    SELECT r.market_id AS key, coalesce(e.name || ' · ' || m.name, r.market_id) AS name, ${picked}
      FROM (SELECT market_id, ${sums} FROM ${shareTables.agentPlMarkets} WHERE ${PERIOD} GROUP BY market_id) r
      LEFT JOIN ${sportsTables.markets} m ON m.id = r.market_id
      LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id
     ORDER BY r.turnover DESC, key`;
  return `
    SELECT r.day::text AS key, r.day::text AS name, ${picked}
      FROM (SELECT day, ${sums} FROM ${shareTables.agentPlMarkets} WHERE ${PERIOD} GROUP BY day) r
     ORDER BY r.day`;
}

const statementsWith = (columns: readonly string[]) =>
  Object.fromEntries(DOWNLINE_PL_GROUPS.map((group) => [group, statementOf(group, columns)])) as Record<
    DownlinePlGroup,
    string
  >;
const OWN_STATEMENTS = statementsWith(FIGURES);
const VIEWED_STATEMENTS = statementsWith([...FIGURES, ...ABOVE]);

/**
 * Who reads an account's rows: the account itself (0), the agent that many levels above it, or the house
 * viewing an agent's rows.
 */
export type Viewer = number | 'house';

/**
 * The viewer's part of a row and what goes above the viewer (docs/decisions/0313): an agent n levels
 * up takes the row's n-th part above, and the parts up to it leave the upline; the house takes what
 * no agent above the row's agent does.
 */
function viewersParts(row: SumsRow, viewer: Viewer): { ownShare: bigint; uplineShare: bigint } {
  const upline = BigInt(row.upline_share);
  if (viewer === 0) return { ownShare: BigInt(row.own_share), uplineShare: upline };
  const above = ABOVE.map((column) => BigInt(row[column]));
  const upTo = (count: number) => above.slice(0, count).reduce((sum, part) => sum + part, 0n);
  if (viewer === 'house') return { ownShare: upline - upTo(ABOVE.length), uplineShare: 0n };
  return { ownShare: above[viewer - 1] ?? 0n, uplineShare: upline - upTo(viewer) };
}

/** One account's P/L over inclusive UTC days (`from`, `to` as 2024-05-31), grouped as asked. */
export async function readPlSums(
  sql: Sql,
  query: { agentId: string | null; viewer: Viewer; from: string; to: string; groupBy: DownlinePlGroup },
): Promise<PlSums[]> {
  const statements = query.viewer === 0 ? OWN_STATEMENTS : VIEWED_STATEMENTS;
  const rows = await sql.query<SumsRow>(statements[query.groupBy], [
    query.agentId ?? HOUSE_VIEW_ID,
    query.from,
    query.to,
  ]);
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    turnover: BigInt(row.turnover),
    playersPl: BigInt(row.players_pl),
    ...viewersParts(row, query.viewer),
    commission: BigInt(row.commission),
  }));
}
