import { priceHundredthsOfTick } from '@backlay/exchange';
import { formatMinor } from '@backlay/ledger';
import type pg from 'pg';
import { inSnapshot } from './snapshot.ts';

type Level = { price: number; size: string };
type Ladder = Record<string, { back: Level[]; lay: Level[] }>;

const DEPTH = 3;

/**
 * The market's book rebuilt from its open bets (what remains of each: stake − matched − cancelled),
 * as the exchange shows it: to back, the best three lay prices (highest first); to lay, the best three
 * back prices (lowest first).
 */
function rebuild(
  rows: readonly { runner_id: string; side: string; price_tick: number; size: string }[],
): Ladder {
  const ladder: Ladder = {};
  for (const row of rows) {
    const runner = (ladder[row.runner_id] ??= { back: [], lay: [] });
    const level = { price: priceHundredthsOfTick(row.price_tick) / 100, size: formatMinor(BigInt(row.size)) };
    (row.side === 'LAY' ? runner.back : runner.lay).push(level);
  }
  for (const runner of Object.values(ladder)) {
    runner.back = runner.back.sort((a, b) => b.price - a.price).slice(0, DEPTH);
    runner.lay = runner.lay.sort((a, b) => a.price - b.price).slice(0, DEPTH);
  }
  return ladder;
}

/**
 * Every level of players' resting stake must show in the published book at least as large (the market
 * maker's quotes, which live only in memory, may add to a level or push a level past the depth shown):
 * a level missing while the side shows fewer than three levels, or one better than it, is missing.
 */
function missingLevels(rebuilt: Ladder, published: Ladder): string[] {
  const problems: string[] = [];
  for (const [runnerId, runner] of Object.entries(rebuilt)) {
    for (const side of ['back', 'lay'] as const) {
      const shown = published[runnerId]?.[side] ?? [];
      const better = (a: number, b: number) => (side === 'back' ? a > b : a < b);
      for (const level of runner[side]) {
        const match = shown.find((candidate) => candidate.price === level.price);
        if (match && Number(match.size) >= Number(level.size)) continue;
        const pushedOut =
          !match && shown.length >= DEPTH && shown.every((candidate) => better(candidate.price, level.price));
        if (pushedOut) continue;
        problems.push(
          `${runnerId} ${side} ${level.price}: ${level.size} resting in bets, ${match?.size ?? 'nothing'} published`,
        );
      }
    }
  }
  return problems;
}

/**
 * The book the exchange published (market_books, which the API and sockets serve) against the book
 * rebuilt from the bets table, read in one snapshot (a batch writes both in one transaction), and each
 * open bet's matched part against its fills. Null when they agree, else what differs.
 */
export async function checkBook(pool: pg.Pool, marketId: string): Promise<string | null> {
  const { open, book, fills } = await inSnapshot(pool, async (reader) => ({
    open: await reader.query<{ runner_id: string; side: string; price_tick: number; size: string }>(
      `SELECT runner_id, side, price_tick, sum(stake_minor - matched_minor - cancelled_minor - voided_minor)::text AS size
         FROM bets WHERE market_id = $1 AND status IN ('UNMATCHED', 'PARTIALLY_MATCHED')
        GROUP BY runner_id, side, price_tick HAVING sum(stake_minor - matched_minor - cancelled_minor - voided_minor) > 0`,
      [marketId],
    ),
    book: await reader.query<{ ladder: Ladder }>('SELECT ladder FROM market_books WHERE market_id = $1', [
      marketId,
    ]),
    fills: await reader.query<{ id: string; matched: string; filled: string }>(
      `SELECT b.id, b.matched_minor::text AS matched, coalesce(sum(f.size_minor), 0)::text AS filled
         FROM bets b LEFT JOIN bet_fills f
           ON f.market_id = b.market_id AND f.voided_at IS NULL AND (f.taker_order_id = b.id OR f.maker_order_id = b.id)
        WHERE b.market_id = $1 AND b.status IN ('UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED')
        GROUP BY b.id, b.matched_minor HAVING b.matched_minor <> coalesce(sum(f.size_minor), 0)`,
      [marketId],
    ),
  }));
  const problems = missingLevels(rebuild(open.rows), book.rows[0]?.ladder ?? {});
  for (const row of fills.rows.slice(0, 3))
    problems.push(`bet ${row.id} matched ${row.matched}, its fills ${row.filled}`);
  if (fills.rows.length > 3)
    problems.push(`${fills.rows.length} bets whose matched part differs from their fills`);
  return problems.length === 0 ? null : problems.slice(0, 6).join('; ');
}
