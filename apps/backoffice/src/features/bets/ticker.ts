import type { AdminBet } from '@backlay/contracts';

/** Rows the ticker shows: the newest page of the list (docs/decisions/0253). */
export const TICKER_ROWS = 50;

export const betKey = (bet: AdminBet) => `${bet.product}:${bet.id}`;

/** Newest first; bets placed in the same microsecond keep one order by key. */
function newestFirst(a: AdminBet, b: AdminBet): number {
  const byTime = Date.parse(b.placedAt) - Date.parse(a.placedAt);
  if (byTime !== 0) return byTime;
  const [ka, kb] = [betKey(a), betKey(b)];
  return ka < kb ? 1 : ka > kb ? -1 : 0;
}

/**
 * The rows after a snapshot or an update: a bet heard again replaces its row (settled, void), new ones
 * go in by placement time, and only the newest TICKER_ROWS stay. `added` names the rows that were not
 * shown before, for marking.
 */
export function mergeTicker(
  rows: readonly AdminBet[],
  incoming: readonly AdminBet[],
  limit = TICKER_ROWS,
): { rows: AdminBet[]; added: string[] } {
  const byKey = new Map(rows.map((bet) => [betKey(bet), bet]));
  const added: string[] = [];
  for (const bet of incoming) {
    const key = betKey(bet);
    if (!byKey.has(key)) added.push(key);
    byKey.set(key, bet);
  }
  const merged = [...byKey.values()].sort(newestFirst).slice(0, limit);
  const kept = new Set(merged.map(betKey));
  return { rows: merged, added: added.filter((key) => kept.has(key)) };
}

/** Marked rows: a row's key and when its mark ends (epoch ms). */
export type Fresh = ReadonlyMap<string, number>;

/** The marks after `added` are marked until `nowMs + forMs`; marks that ended are dropped. */
export function markFresh(fresh: Fresh, added: readonly string[], nowMs: number, forMs: number): Fresh {
  const next = new Map([...fresh].filter(([, untilMs]) => untilMs > nowMs));
  for (const key of added) next.set(key, nowMs + forMs);
  return next.size === fresh.size && added.length === 0 ? fresh : next;
}
