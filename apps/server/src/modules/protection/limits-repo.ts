import type { LimitKind, LimitPeriod } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { depositsSince, netLossSince } from '../wallet/index.ts';
import type { LimitState } from './limit-changes.ts';
import { isoAt as iso, msOrNull as ms, type Moment } from './moments.ts';

/** A money limit as stored (docs/decisions/0235). */
export type MoneyLimit = { kind: LimitKind; period: LimitPeriod; state: LimitState<bigint> };

type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount_minor: string | bigint;
  pending_amount_minor: string | bigint | null;
  pending_requested_at: Moment;
};

const limitOf = (row: LimitRow): MoneyLimit => {
  const requestedAtMs = ms(row.pending_requested_at);
  return {
    kind: row.kind,
    period: row.period,
    state: {
      value: BigInt(row.amount_minor),
      pending:
        requestedAtMs === null
          ? null
          : {
              value: row.pending_amount_minor === null ? null : BigInt(row.pending_amount_minor),
              requestedAtMs,
            },
    },
  };
};

export async function readMoneyLimits(sql: Sql, playerId: string): Promise<MoneyLimit[]> {
  const rows = await sql.query<LimitRow>(
    `SELECT kind, period, amount_minor, pending_amount_minor, pending_requested_at FROM player_limits
      WHERE player_id = $1 ORDER BY kind, CASE period WHEN 'day' THEN 0 WHEN 'week' THEN 1 ELSE 2 END`,
    [playerId],
  );
  return rows.map(limitOf);
}

/** Stores the limit's new state; a limit with no value left (a removal confirmed) is deleted. */
export async function saveMoneyLimit(sql: Sql, playerId: string, limit: MoneyLimit): Promise<void> {
  const { value, pending } = limit.state;
  if (value === null) {
    await sql.query('DELETE FROM player_limits WHERE player_id = $1 AND kind = $2 AND period = $3', [
      playerId,
      limit.kind,
      limit.period,
    ]);
    return;
  }
  await sql.query(
    `INSERT INTO player_limits (player_id, kind, period, amount_minor, pending_amount_minor, pending_requested_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (player_id, kind, period) DO UPDATE SET amount_minor = EXCLUDED.amount_minor,
       pending_amount_minor = EXCLUDED.pending_amount_minor, pending_requested_at = EXCLUDED.pending_requested_at`,
    [
      playerId,
      limit.kind,
      limit.period,
      value.toString(),
      pending?.value?.toString() ?? null,
      pending ? iso(pending.requestedAtMs) : null,
    ],
  );
}

/**
 * What a period has used of a limit since `startMs`: deposits credited, or net loss (every movement of
 * the player's cash but the cash desk's: stakes and exposure out, winnings and released exposure in).
 * Never below zero.
 */
export async function usedSince(
  sql: Sql,
  playerId: string,
  kind: LimitKind,
  startMs: number,
): Promise<bigint> {
  const used =
    kind === 'deposit'
      ? await depositsSince(sql, playerId, startMs)
      : await netLossSince(sql, playerId, startMs);
  return used > 0n ? used : 0n;
}

/** Players with a loss limit: their floors are set anew when a period begins. */
export async function playersWithLossLimits(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ player_id: string }>(
    "SELECT DISTINCT player_id FROM player_limits WHERE kind = 'loss'",
  );
  return rows.map((row) => row.player_id);
}
