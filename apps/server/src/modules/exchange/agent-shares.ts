import { agentPlAccountId, SYSTEM_ACCOUNT_IDS, type LedgerRequest } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import {
  planShares,
  type AgentChains,
  type Figures,
  type SharePlan,
  type ShareSettlement,
} from './agent-shares-plan.ts';
import { settlementKeyOf } from './settle.ts';

/** The key of an agent's share transfer of one settlement generation. */
export const shareKeyOf = (marketId: string, generation: number, agentId: string): string =>
  `${settlementKeyOf(marketId, generation, agentPlAccountId(agentId))}:share`;

/**
 * Books the agents' shares of the settlements in a batch (docs/decisions/0291, 0298), inside the batch's
 * transaction: one read for the whole batch (chains and the chain agents' share history), then per
 * settlement one AGENT_SHARE transfer per agent between the house and its P/L account, keyed by the
 * market, generation and agent so a retried write posts once, and the day's roll-ups in one statement.
 * Answers the transfers to post with the settlement's.
 */
export async function bookAgentShares(
  sql: Sql,
  agentChains: AgentChains,
  settlements: Iterable<ShareSettlement>,
): Promise<LedgerRequest[]> {
  const all = [...settlements];
  const players = new Set(all.flatMap((settlement) => settlement.entries.map((entry) => entry.playerId)));
  if (players.size === 0) return [];
  const { chains, history } = await agentChains.chainsAndSharesOf(sql, [...players]);
  if (chains.size === 0) return [];
  const requests: LedgerRequest[] = [];
  for (const settlement of all) {
    const plan = planShares(settlement.entries, chains, history);
    requests.push(...shareTransfers(settlement, plan));
    await upsertRollups(sql, settlement, plan);
  }
  return requests;
}

function shareTransfers(settlement: ShareSettlement, plan: SharePlan): LedgerRequest[] {
  const requests: LedgerRequest[] = [];
  for (const [agentId, partMinor] of [...plan.transfers].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (partMinor === 0n) continue;
    const agentPl = agentPlAccountId(agentId);
    const house = SYSTEM_ACCOUNT_IDS.HOUSE;
    requests.push({
      op: 'transfer',
      idempotencyKey: shareKeyOf(settlement.marketId, settlement.generation, agentId),
      debitAccountId: partMinor > 0n ? house : agentPl,
      creditAccountId: partMinor > 0n ? agentPl : house,
      amountMinor: partMinor > 0n ? partMinor : -partMinor,
      kind: 'AGENT_SHARE',
      remark: 'Share of the downline’s result',
      reference: `market:${settlement.marketId}`,
    });
  }
  return requests;
}

const figureColumns = (figures: Figures) => ({
  turnover_minor: figures.turnover.toString(),
  players_pl_minor: figures.playersPl.toString(),
  own_share_minor: figures.ownShare.toString(),
  upline_share_minor: figures.uplineShare.toString(),
  commission_minor: figures.commission.toString(),
});

const ADD_FIGURES = ['turnover', 'players_pl', 'own_share', 'upline_share', 'commission']
  .map((column) => `${column}_minor = t.${column}_minor + excluded.${column}_minor`)
  .join(', ');
const FIGURE_TYPES = ['turnover', 'players_pl', 'own_share', 'upline_share', 'commission']
  .map((column) => `${column}_minor bigint`)
  .join(', ');
const FIGURE_LIST = 'turnover_minor, players_pl_minor, own_share_minor, upline_share_minor, commission_minor';

/**
 * Adds the settlement's figures to the day's roll-ups in one statement, rows in key order so two
 * settlements never lock the same rows (the house's daily rows above all) in opposite orders. The two
 * tables' inserts may run in either order: only the daily rows are shared between markets (a market's
 * own rows are written by its one owner at a time).
 */
async function upsertRollups(sql: Sql, settlement: ShareSettlement, plan: SharePlan): Promise<void> {
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
    [JSON.stringify(daily), JSON.stringify(markets), settlement.day, settlement.marketId],
  );
}
