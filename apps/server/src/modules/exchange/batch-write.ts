import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/database.ts';
import type { WalletService } from '../wallet/index.ts';
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
 * Writes one batch's effects in the caller's transaction (docs/decisions/0130): bets, fills, holds (in
 * account order, so two batches never lock players in opposite orders), settlement postings, ladders.
 * Answers each touched player's cash after the batch, as the ledger reported it.
 */
export async function writeBatch(
  tx: Sql,
  wallet: WalletService,
  effects: Effects,
): Promise<Map<string, bigint>> {
  await writeBets(tx, effects);
  await writeFills(tx, effects);
  const cashAfter = new Map<string, bigint>();
  const holds = [...effects.holds.values()].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const holdChanges = await wallet.setHolds(
    `xh:${randomUUID()}`,
    holds.map((hold) => ({
      holdId: holdIdOf(hold.marketId, hold.accountId),
      playerId: hold.accountId,
      amountMinor: hold.exposureMinor,
      remark: 'Exchange exposure',
      reference: `market:${hold.marketId}`,
    })),
  );
  for (const change of holdChanges) cashAfter.set(change.playerId, change.cashMinor);
  for (const request of effects.ledger) {
    const outcome = await wallet.execute(request);
    if (!outcome.result.ok) throw new BatchRejected(outcome.result.code);
    for (const change of outcome.changes) cashAfter.set(change.playerId, change.cashMinor);
  }
  await writeBooks(tx, effects);
  await writeMarketStates(tx, effects);
  return cashAfter;
}

async function writeBets(tx: Sql, effects: Effects): Promise<void> {
  if (effects.bets.size === 0) return;
  const rows = [...effects.bets.values()].map((bet) => ({
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
    status: bet.status,
    persistence: bet.persistence,
    client_ref: bet.clientRef,
    fingerprint: bet.fingerprint,
    profit_minor: bet.profitMinor,
    line: bet.line,
    placed_at: bet.placedAt,
    updated_at: bet.updatedAt,
  }));
  await tx.query(
    `INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
       matched_value, cancelled_minor, status, persistence, client_ref, fingerprint, profit_minor, line, placed_at,
       updated_at)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, seq bigint, player_id text, market_id text,
       runner_id text, side text, price_tick integer, stake_minor bigint, matched_minor bigint,
       matched_value bigint, cancelled_minor bigint, status text, persistence text, client_ref text,
       fingerprint text, profit_minor bigint, line jsonb, placed_at timestamptz, updated_at timestamptz)
     ON CONFLICT (id) DO UPDATE SET matched_minor = EXCLUDED.matched_minor,
       matched_value = EXCLUDED.matched_value, cancelled_minor = EXCLUDED.cancelled_minor,
       status = EXCLUDED.status, profit_minor = EXCLUDED.profit_minor, updated_at = EXCLUDED.updated_at`,
    [json(rows)],
  );
}

async function writeFills(tx: Sql, effects: Effects): Promise<void> {
  if (effects.fills.length === 0) return;
  await tx.query(
    `INSERT INTO bet_fills (market_id, runner_index, price_tick, size_minor, taker_side, taker_order_id,
       taker_account_id, maker_order_id, maker_account_id)
     SELECT x."marketId", x."runnerIndex", x."priceTick", x."sizeMinor", x."takerSide", x."takerOrderId",
       x."takerAccountId", x."makerOrderId", x."makerAccountId"
     FROM jsonb_to_recordset($1::jsonb) AS x("marketId" text, "runnerIndex" integer, "priceTick" integer,
       "sizeMinor" bigint, "takerSide" text, "takerOrderId" text, "takerAccountId" text, "makerOrderId" text,
       "makerAccountId" text)`,
    [json(effects.fills)],
  );
}

async function writeBooks(tx: Sql, effects: Effects): Promise<void> {
  if (effects.books.size === 0) return;
  const rows = [...effects.books].map(([marketId, book]) => ({ market_id: marketId, ...book }));
  await tx.query(
    `INSERT INTO market_books (market_id, version, ladder)
     SELECT x.market_id, x.version, x.ladder FROM jsonb_to_recordset($1::jsonb) AS x(market_id text,
       version bigint, ladder jsonb)
     ON CONFLICT (market_id) DO UPDATE SET version = EXCLUDED.version, ladder = EXCLUDED.ladder`,
    [json(rows)],
  );
}

async function writeMarketStates(tx: Sql, effects: Effects): Promise<void> {
  if (effects.marketStatus.size > 0) {
    const rows = [...effects.marketStatus].map(([id, status]) => ({ id, status }));
    await tx.query(
      `UPDATE markets m SET status = x.status, version = m.version + 1, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, status text) WHERE m.id = x.id`,
      [json(rows)],
    );
  }
  if (effects.settlements.size > 0) {
    const rows = [...effects.settlements].map(([marketId, result]) => ({ market_id: marketId, result }));
    await tx.query(
      `INSERT INTO market_settlements (market_id, result)
       SELECT x.market_id, x.result FROM jsonb_to_recordset($1::jsonb) AS x(market_id text, result jsonb)
       ON CONFLICT (market_id) DO NOTHING`,
      [json(rows)],
    );
  }
}
