import { agentPlAccountId, SYSTEM_ACCOUNT_IDS, type LedgerRequest } from '@backlay/ledger';
import type { Database, Sql } from '../../db/database.ts';
import { transaction } from '../../platform/transaction.ts';
import type { WalletService } from '../wallet/index.ts';
import { lockCursor, moveCursor } from './cursors-repo.ts';
import { planShares, type AgentChains, type ShareEntry } from './plan.ts';
import { addRollups, shareTransfer } from './rollups.ts';

/** One player's result in one finished round (docs/decisions/0297), as a product reads it. */
export type RoundResult = {
  /** The roll-ups' market: `table:<tableId>`, `crash` or `casino:<gameId>`. */
  marketId: string;
  /** The round's settlement day (UTC), `YYYY-MM-DD`. */
  day: string;
  playerId: string;
  /** When the round's bet was placed: the shares then in force apply. */
  placedAt: string;
  /** Wins − stakes, rollbacks undone: positive when the player won. */
  resultMinor: bigint;
  turnoverMinor: bigint;
};

/** A player's round result as products' statements select it (minor units as text). */
export type ResultRow = {
  day: string;
  player_id: string;
  placed_at: Date | string;
  result: string;
  turnover: string;
};

export const resultOf = (marketId: string, row: ResultRow): RoundResult => ({
  marketId,
  day: row.day,
  playerId: row.player_id,
  placedAt: new Date(row.placed_at).toISOString(),
  resultMinor: BigInt(row.result),
  turnoverMinor: BigInt(row.turnover),
});

/** A batch of finished rounds after a cursor position, and the position after them. */
export type RoundBatch = { results: RoundResult[]; position: bigint };

/** A product's rounds as the sharing job reads them: its cursors' scopes and the rounds after one. */
export type RoundSource = {
  scopes: readonly string[];
  readFinished(sql: Sql, scope: string, after: bigint, limit: number): Promise<RoundBatch>;
};

export type RoundSharesDeps = {
  db: Database;
  wallet: Pick<WalletService, 'executeMany'>;
  agentChains: AgentChains;
};

/** Rounds (casino: callbacks) one batch takes at most. */
export const ROUND_BATCH_LIMIT = 2_000;

/**
 * Shares one batch of a scope's finished rounds (docs/decisions/0297) in one transaction: the scope's
 * cursor row is locked first (a second instance waits, then reads past it), the rounds after it are
 * read, one AGENT_SHARE transfer per agent is posted under a key naming the batch, the roll-ups added
 * and the cursor moved. A crash anywhere rolls all of it back; a rerun finds the cursor moved. Answers
 * the number of results read (0: nothing finished since).
 */
export async function shareRoundBatch(
  deps: RoundSharesDeps,
  source: RoundSource,
  scope: string,
  limit = ROUND_BATCH_LIMIT,
): Promise<number> {
  return transaction(deps.db, async (sql) => {
    const after = await lockCursor(sql, scope);
    const batch = await source.readFinished(sql, scope, after, limit);
    if (batch.position <= after) return 0;
    const key = `round-shares:${scope}:${after + 1n}-${batch.position}`;
    const requests = await bookResults(sql, deps.agentChains, batch.results, { key, reference: scope });
    if (requests.length > 0) {
      for (const outcome of await deps.wallet.executeMany(requests)) {
        if (!outcome.result.ok) throw new Error(`share transfer refused: ${outcome.result.code}`);
      }
    }
    await moveCursor(sql, scope, batch.position);
    return batch.results.length;
  });
}

/**
 * Plans the players' results by market and day, adds the roll-ups (the house's own players' too, under
 * one child of the house: docs/decisions/0301), and answers one transfer per agent for the whole batch.
 */
async function bookResults(
  sql: Sql,
  agentChains: AgentChains,
  results: readonly RoundResult[],
  naming: { key: string; reference: string },
): Promise<LedgerRequest[]> {
  if (results.length === 0) return [];
  const players = [...new Set(results.map((result) => result.playerId))];
  const { chains, history } = await agentChains.chainsAndSharesOf(sql, players);
  if (chains.size === 0) return [];
  const groups = new Map<string, { marketId: string; day: string; entries: ShareEntry[] }>();
  for (const result of results) {
    if (!chains.has(result.playerId)) continue;
    const groupKey = `${result.marketId}|${result.day}`;
    const group = groups.get(groupKey) ?? { marketId: result.marketId, day: result.day, entries: [] };
    group.entries.push({ ...result, commissionMinor: 0n, sign: 1n });
    groups.set(groupKey, group);
  }
  const parts = new Map<string, bigint>();
  for (const group of [...groups.values()].sort((a, b) =>
    a.marketId + a.day < b.marketId + b.day ? -1 : 1,
  )) {
    const plan = planShares(group.entries, chains, history);
    for (const [agentId, part] of plan.transfers) parts.set(agentId, (parts.get(agentId) ?? 0n) + part);
    await addRollups(sql, group, plan);
  }
  return [...parts]
    .filter(([, part]) => part !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([agentId, partMinor]) =>
      shareTransfer({
        agentPlAccountId: agentPlAccountId(agentId),
        houseAccountId: SYSTEM_ACCOUNT_IDS.HOUSE,
        partMinor,
        idempotencyKey: `${naming.key}:${agentPlAccountId(agentId)}`,
        reference: naming.reference,
      }),
    );
}
