import type { Sql } from '../../db/database.ts';
import { MOST_AGENTS_ABOVE, type Figures, type SharePlan } from './plan.ts';

/** The n-th agent above a row's agent takes `above<n>_share_minor` of it (docs/decisions/0313). */
const ABOVE_COLUMNS = Array.from({ length: MOST_AGENTS_ABOVE }, (_, index) => `above${index + 1}_share`);

const figureColumns = (figures: Figures) => ({
  turnover_minor: figures.turnover.toString(),
  players_pl_minor: figures.playersPl.toString(),
  own_share_minor: figures.ownShare.toString(),
  upline_share_minor: figures.uplineShare.toString(),
  commission_minor: figures.commission.toString(),
  ...Object.fromEntries(
    ABOVE_COLUMNS.map((column, index) => [`${column}_minor`, figures.aboveShares[index]!.toString()]),
  ),
});

const FIGURES = ['turnover', 'players_pl', 'own_share', 'upline_share', 'commission', ...ABOVE_COLUMNS];
const ADD_FIGURES = FIGURES.map(
  (column) => `${column}_minor = t.${column}_minor + excluded.${column}_minor`,
).join(', ');
const FIGURE_TYPES = FIGURES.map((column) => `${column}_minor bigint`).join(', ');
const FIGURE_LIST = FIGURES.map((column) => `${column}_minor`).join(', ');

/**
 * Adds a plan's figures to the day's roll-ups of one market in one statement (docs/decisions/0291,
 * 0298), rows in key order so two writers never lock the same rows (the house's daily rows above all)
 * in opposite orders. The two tables' inserts may run in either order: only the daily rows are shared
 * between markets (a market's own rows are written by its one writer at a time: the market's owner, or
 * the sharing job's batch of a table, the crash game or the casino).
 */
export async function addRollups(
  sql: Sql,
  where: { marketId: string; day: string },
  plan: SharePlan,
): Promise<void> {
  const byKey = (a: { agentId: string; childId?: string }, b: { agentId: string; childId?: string }) =>
    `${a.agentId}|${a.childId ?? ''}` < `${b.agentId}|${b.childId ?? ''}` ? -1 : 1;
  const daily = [...plan.daily.values()]
    .sort(byKey)
    .map((row) => ({ agent_id: row.agentId, child_id: row.childId, ...figureColumns(row) }));
  const markets = [...plan.markets.values()]
    .sort(byKey)
    .map((row) => ({ agent_id: row.agentId, ...figureColumns(row) }));
  if (daily.length === 0) return;
  await sql.query(
    `WITH daily AS (
       INSERT INTO agent_pl_daily AS t (agent_id, day, child_id, ${FIGURE_LIST})
       SELECT agent_id, $3::date, child_id, ${FIGURE_LIST}
         FROM jsonb_to_recordset($1::jsonb) AS r (agent_id uuid, child_id uuid, ${FIGURE_TYPES})
       ON CONFLICT (agent_id, day, child_id) DO UPDATE SET ${ADD_FIGURES}
     )
     INSERT INTO agent_pl_markets AS t (agent_id, day, market_id, ${FIGURE_LIST})
     SELECT agent_id, $3::date, $4, ${FIGURE_LIST}
       FROM jsonb_to_recordset($2::jsonb) AS r (agent_id uuid, ${FIGURE_TYPES})
     ON CONFLICT (agent_id, day, market_id) DO UPDATE SET ${ADD_FIGURES}`,
    [JSON.stringify(daily), JSON.stringify(markets), where.day, where.marketId],
  );
}

/** The ledger's transfer of one agent's part: house → agent P/L when positive (its players lost). */
export function shareTransfer(input: {
  agentPlAccountId: string;
  houseAccountId: string;
  partMinor: bigint;
  idempotencyKey: string;
  reference: string;
}) {
  const { agentPlAccountId, houseAccountId, partMinor } = input;
  return {
    op: 'transfer' as const,
    idempotencyKey: input.idempotencyKey,
    debitAccountId: partMinor > 0n ? houseAccountId : agentPlAccountId,
    creditAccountId: partMinor > 0n ? agentPlAccountId : houseAccountId,
    amountMinor: partMinor > 0n ? partMinor : -partMinor,
    kind: 'AGENT_SHARE' as const,
    remark: 'Share of the downline’s result',
    reference: input.reference,
  };
}
