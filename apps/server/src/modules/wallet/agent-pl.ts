import { agentPlAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/** Opens an agent's P/L account (docs/decisions/0291), in the caller's transaction. */
export async function openAgentPlAccount(sql: Sql, agentId: string): Promise<void> {
  await sql.query(`INSERT INTO accounts (account_id, kind) VALUES ($1, 'AGENT_PL') ON CONFLICT DO NOTHING`, [
    agentPlAccountId(agentId),
  ]);
}

/**
 * An agent's P/L, its account row locked so that two settlements with it take turns. Its balance sits
 * in shards like the house's, so shares post without waiting on each other.
 */
export async function lockAgentPl(sql: Sql, agentId: string): Promise<bigint> {
  const accountId = agentPlAccountId(agentId);
  await sql.query('SELECT 1 FROM accounts WHERE account_id = $1 FOR UPDATE', [accountId]);
  const [row] = await sql.query<{ balance_minor: string | bigint | null }>(
    'SELECT sum(balance_minor)::bigint AS balance_minor FROM system_balance_shards WHERE account_id = $1',
    [accountId],
  );
  return BigInt(row?.balance_minor ?? 0);
}
