import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/database.ts';
import type { MoneyAfter } from '../admission/index.ts';
import { holdItemsJson, type SetHoldsAnswer } from '../wallet/index.ts';
import type { ExchangeDeps } from './deps.ts';
import { bookAgentShares } from './agent-shares.ts';
import type { Effects } from './effects.ts';
import { holdIdOf } from './market-load.ts';

/** A ledger rejection inside a batch: the whole batch rolls back. */
export class BatchRejected extends Error {
  constructor(readonly code: string) {
    super(`exchange batch rejected by the ledger: ${code}`);
  }
}

const json = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item));

/**
 * Writes one batch's effects (docs/decisions/0130, 0191): bets, fills, holds (in account order, so two
 * batches never lock players in opposite orders), ladders and market states in one statement, then any
 * settlement postings and the agents' shares. Without postings or shares `sql` may be the database
 * itself: the one statement is then its own transaction. Answers each touched player's cash and holds
 * after the batch, as the ledger reported them.
 */
export async function writeBatch(
  sql: Sql,
  deps: Pick<ExchangeDeps, 'wallet' | 'agentChains'>,
  effects: Effects,
): Promise<Map<string, MoneyAfter>> {
  const { wallet, agentChains } = deps;
  const [row] = await sql.query<{ r: SetHoldsAnswer | null }>('SELECT exchange_write_batch($1::jsonb) AS r', [
    json(batchPayload(effects)),
  ]);
  const cashAfter = new Map<string, MoneyAfter>();
  const learn = (change: MoneyAfter & { playerId: string }) =>
    cashAfter.set(change.playerId, { cashMinor: change.cashMinor, exposureMinor: change.exposureMinor });
  wallet.holdsWritten(row?.r ?? null).forEach(learn);
  // The agents' shares post in the settlement's transaction, after its own postings.
  const shares =
    effects.shares.size > 0 && agentChains
      ? await bookAgentShares(sql, agentChains, effects.shares.values())
      : [];
  for (const request of effects.ledger) {
    const outcome = await wallet.execute(request);
    if (!outcome.result.ok) throw new BatchRejected(outcome.result.code);
    outcome.changes.forEach(learn);
  }
  // The share transfers are plain transfers between the house and P/L accounts: one ledger call for all.
  for (const outcome of await wallet.executeMany(shares)) {
    if (!outcome.result.ok) throw new BatchRejected(outcome.result.code);
    outcome.changes.forEach(learn);
  }
  return cashAfter;
}

/** What `exchange_write_batch` reads: one array per table, each row as its columns. */
function batchPayload(effects: Effects) {
  const holds = [...effects.holds.values()].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  return {
    key: `xh:${randomUUID()}`,
    bets: [...effects.bets.values()].map((bet) => ({
      id: bet.id,
      seq: bet.seq,
      player_id: bet.playerId,
      market_id: bet.marketId,
      runner_id: bet.runnerId,
      side: bet.side,
      price_tick: bet.priceTick,
      stake_minor: bet.stakeMinor,
      matched_minor: bet.matchedMinor,
      matched_value: bet.matchedValue,
      cancelled_minor: bet.cancelledMinor,
      voided_minor: bet.voidedMinor ?? 0n,
      status: bet.status,
      persistence: bet.persistence,
      client_ref: bet.clientRef,
      fingerprint: bet.fingerprint,
      profit_minor: bet.profitMinor,
      line: bet.line,
      placed_at: bet.placedAt,
      updated_at: bet.updatedAt,
    })),
    fills: effects.fills,
    fill_changes: [...effects.fillChanges.values()].map((change) => ({
      id: change.id,
      price_hundredths: change.priceHundredths,
      voided_at: change.voidedAt,
    })),
    removals: effects.removals.map((removal) => ({
      market_id: removal.marketId,
      runner_id: removal.runnerId,
      factor_basis_points: removal.factorBasisPoints,
      removed_at_ms: removal.removedAtMs,
    })),
    holds: holdItemsJson(
      holds.map((hold) => ({
        holdId: holdIdOf(hold.marketId, hold.accountId),
        playerId: hold.accountId,
        amountMinor: hold.exposureMinor,
        remark: 'Exchange exposure',
        reference: `market:${hold.marketId}`,
      })),
    ),
    books: [...effects.books].map(([marketId, book]) => ({ market_id: marketId, ...book })),
    statuses: [...effects.marketStatus].map(([id, status]) => ({ id, status })),
    settlements: [...effects.settlements].map(([marketId, result]) => ({ market_id: marketId, result })),
  };
}
