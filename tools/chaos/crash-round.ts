import type pg from 'pg';

export type InFlightRound = { id: number; status: string; bets: number };

/** The crash round not yet settled or void, with how many bets it holds; null between rounds. */
export async function crashRoundInFlight(pool: pg.Pool): Promise<InFlightRound | null> {
  const { rows } = await pool.query<{ id: string; status: string; bets: number }>(
    `SELECT r.id, r.status, (SELECT count(*)::int FROM crash_bets b WHERE b.round_id = r.id) AS bets
       FROM table_rounds r WHERE r.table_id = 'crash' AND r.status NOT IN ('SETTLED', 'VOID')
      ORDER BY r.id DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? { id: Number(row.id), status: row.status, bets: row.bets } : null;
}

type BetMoney = {
  id: string;
  status: string;
  stake_minor: string;
  payout_minor: string | null;
  stakes: number;
  returns: number;
  returned_minor: string;
};

/**
 * A round that was in flight when its owner died must end (settled or void) and every bet of it be paid
 * exactly once: one stake transfer, and one return of exactly its payout when it has one (a cash-out, a
 * refund of a void round), none otherwise. Waits up to `timeoutMs` for the round to end. Null when sound.
 */
export async function checkCrashRound(
  pool: pg.Pool,
  roundId: number,
  timeoutMs: number,
): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  let status: string;
  // Read at least once, so that a deadline already past still names the round's status.
  for (;;) {
    const { rows } = await pool.query<{ status: string }>('SELECT status FROM table_rounds WHERE id = $1', [
      roundId,
    ]);
    status = rows[0]?.status ?? 'missing';
    if (status === 'SETTLED' || status === 'VOID' || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (status !== 'SETTLED' && status !== 'VOID') return `round ${roundId} is still ${status}`;
  const { rows: bets } = await pool.query<BetMoney>(
    `SELECT b.id, b.status, b.stake_minor::text, b.payout_minor::text,
            (SELECT count(*)::int FROM transfers t WHERE t.idempotency_key = 'crash-bet:' || b.id || '#0') AS stakes,
            (SELECT count(*)::int FROM transfers t
              WHERE t.kind = 'CASINO_WIN' AND t.idempotency_key LIKE '%:' || b.id || '#%') AS returns,
            (SELECT coalesce(sum(t.amount_minor), 0)::text FROM transfers t
              WHERE t.kind = 'CASINO_WIN' AND t.idempotency_key LIKE '%:' || b.id || '#%') AS returned_minor
       FROM crash_bets b WHERE b.round_id = $1`,
    [roundId],
  );
  const problems: string[] = [];
  for (const bet of bets) {
    const payout = BigInt(bet.payout_minor ?? 0);
    if (bet.status === 'OPEN') problems.push(`bet ${bet.id} still OPEN`);
    if (bet.stakes !== 1) problems.push(`bet ${bet.id}: ${bet.stakes} stake transfers`);
    const expectedReturns = payout > 0n ? 1 : 0;
    if (bet.returns !== expectedReturns || BigInt(bet.returned_minor) !== payout) {
      problems.push(
        `bet ${bet.id} (${bet.status}): ${bet.returns} returns of ${bet.returned_minor}, payout ${payout}`,
      );
    }
  }
  if (problems.length > 0) return `round ${roundId} (${status}): ${problems.slice(0, 5).join('; ')}`;
  return null;
}

/** Counts of a round's bets by status, for the report line. */
export async function crashRoundSummary(pool: pg.Pool, roundId: number): Promise<string> {
  const { rows } = await pool.query<{ status: string; count: number }>(
    `SELECT status, count(*)::int AS count FROM crash_bets WHERE round_id = $1 GROUP BY status ORDER BY status`,
    [roundId],
  );
  const { rows: round } = await pool.query<{ status: string }>(
    'SELECT status FROM table_rounds WHERE id = $1',
    [roundId],
  );
  const bets = rows.map((row) => `${row.count} ${row.status}`).join(', ') || 'no bets';
  return `round ${roundId} ${round[0]?.status ?? '?'} (${bets})`;
}
