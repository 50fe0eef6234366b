import { agentPlAccountId, SYSTEM_ACCOUNT_IDS, type LedgerRequest } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import {
  addRollups,
  planShares,
  shareTransfer,
  type AgentChains,
  type SharePlan,
  type ShareSettlement,
} from '../shares/index.ts';
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
    await addRollups(sql, settlement, plan);
  }
  return requests;
}

function shareTransfers(settlement: ShareSettlement, plan: SharePlan): LedgerRequest[] {
  const requests: LedgerRequest[] = [];
  for (const [agentId, partMinor] of [...plan.transfers].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (partMinor === 0n) continue;
    requests.push(
      shareTransfer({
        agentPlAccountId: agentPlAccountId(agentId),
        houseAccountId: SYSTEM_ACCOUNT_IDS.HOUSE,
        partMinor,
        idempotencyKey: shareKeyOf(settlement.marketId, settlement.generation, agentId),
        reference: `market:${settlement.marketId}`,
      }),
    );
  }
  return requests;
}
