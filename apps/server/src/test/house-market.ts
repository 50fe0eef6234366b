import { marketId } from '@backlay/feed';
import type { TestContext } from './test-app.ts';

/** Brings a market's book in line with what the database now says, and waits for its batch. */
export async function syncMarket(ctx: TestContext, id: string): Promise<void> {
  const synced = await ctx.deps.exchange.run(id, { type: 'sync' });
  if (!synced.ok) throw new Error(JSON.stringify(synced));
  await ctx.deps.exchange.idle();
}

/**
 * A house-priced market beside an operator event's market, as the feed would write it, with the
 * exchange in line. Runners are [id, fair chance in parts per million].
 */
export async function addHouseMarket(
  ctx: TestContext,
  beside: { id: string },
  type: string,
  runners: [string, number][],
  line: object | null,
): Promise<string> {
  const eventId = beside.id.split('.')[0]!;
  const id = marketId(eventId, type.toLowerCase());
  await ctx.deps.db.query(
    `INSERT INTO markets (id, event_id, type, name, sort_order, bet_delay_sec, min_stake_minor, max_stake_minor,
       commission_percent, house_priced, line)
     VALUES ($1, $2, $3, $4, 5, 0, 10000, 2500000, 0, true, $5)`,
    [id, eventId, type, type === 'FANCY' ? '6 over runs' : 'Bookmaker', line ? JSON.stringify(line) : null],
  );
  for (const [index, [runnerId, ppm]] of runners.entries()) {
    await ctx.deps.db.query(
      'INSERT INTO runners (market_id, runner_id, name, sort_order, fair_ppm) VALUES ($1, $2, $3, $4, $5)',
      [id, runnerId, runnerId, index, ppm],
    );
  }
  await syncMarket(ctx, id);
  return id;
}
