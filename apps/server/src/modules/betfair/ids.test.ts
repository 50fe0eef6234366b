import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { openPglite } from '../../db/pglite.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { startTestApp } from '../../test/test-app.ts';
import { tradingClient } from './catalogue/catalogue-fixtures.ts';
import {
  BetfairIds,
  betIdOfUuid,
  bfMarketId,
  parseBfMarketId,
  parseBfNumber,
  runnerIdKey,
  uuidOfBetId,
} from './ids.ts';

/** Betfair's event type ids for our sports, as the trading API's issue lists them. */
const BETFAIR_EVENT_TYPES: Record<string, string> = {
  football: '1',
  tennis: '2',
  golf: '3',
  cricket: '4',
  'rugby-union': '5',
  boxing: '6',
  'horse-racing': '7',
  'motor-sport': '8',
  darts: '3503',
  snooker: '6422',
  'american-football': '6423',
  baseball: '7511',
  basketball: '7522',
  'ice-hockey': '7524',
  'greyhound-racing': '4339',
  politics: '2378961',
  'rugby-league': '1477',
  'mixed-martial-arts': '26420387',
};

/** A Sql that counts its queries. */
function counting(sql: Sql): Sql & { queries: number } {
  const counter = {
    queries: 0,
    query: <Row>(text: string, params?: readonly unknown[]) => {
      counter.queries += 1;
      return sql.query<Row>(text, params);
    },
    exec: (script: string) => sql.exec(script),
  };
  return counter;
}

describe('bet ids', () => {
  it('turns a UUID into digits and back', () => {
    for (const uuid of [randomUUID(), randomUUID(), '00000000-0000-0000-0000-000000000000']) {
      const betId = betIdOfUuid(uuid);
      expect(betId).toMatch(/^\d+$/);
      expect(uuidOfBetId(betId)).toBe(uuid);
    }
    expect(betIdOfUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(((1n << 128n) - 1n).toString());
    expect(betIdOfUuid('0000000A-0000-0000-0000-000000000001')).toBe(((10n << 96n) + 1n).toString());
  });

  it('refuses what cannot be one of our bets', () => {
    expect(uuidOfBetId((1n << 128n).toString())).toBeNull();
    expect(uuidOfBetId('0123')).toBeNull();
    expect(uuidOfBetId('12a')).toBeNull();
    expect(uuidOfBetId(123)).toBeNull();
    expect(uuidOfBetId('')).toBeNull();
    expect(() => betIdOfUuid('not-a-uuid')).toThrow(RangeError);
  });
});

describe('market and other ids', () => {
  it('reads and writes 1.<n> market ids and digit ids', () => {
    expect(bfMarketId(123n)).toBe('1.123');
    expect(parseBfMarketId('1.123')).toBe(123n);
    for (const bad of ['2.123', '1.', '1.12a', '123', 1.123, '1.1234567890123456789']) {
      expect(parseBfMarketId(bad)).toBeNull();
    }
    expect(parseBfNumber('7')).toBe(7n);
    expect(parseBfNumber(47_972)).toBe(47_972n);
    for (const bad of ['', '-1', '1.5', 1.5, -3, null, '1'.repeat(19)]) expect(parseBfNumber(bad)).toBeNull();
  });
});

describe('ids in the database', () => {
  it("answers Betfair's event type ids for our sports and a distinct number for every other", async () => {
    const db = await openTestDatabase();
    try {
      const ids = new BetfairIds(db);
      const slugs = (await db.query<{ slug: string }>('SELECT slug FROM sports')).map((row) => row.slug);
      const answered = await ids.eventTypeIds(slugs);
      expect(
        Object.fromEntries(Object.keys(BETFAIR_EVENT_TYPES).map((slug) => [slug, answered.get(slug)])),
      ).toEqual(BETFAIR_EVENT_TYPES);
      expect(new Set(answered.values()).size).toBe(slugs.length);
      expect(await ids.sportsOf([4n, 999n])).toEqual(new Map([[4n, 'cricket']]));
    } finally {
      await db.close();
    }
  });

  it('converts both ways and then from memory, and keeps every id across a restart', async () => {
    const db = await openTestDatabase();
    try {
      const first = await startTestApp({}, {}, db);
      const x = await tradingClient(first);
      const market = await x.market();
      const [event] = await db.query<{ event_id: string }>('SELECT event_id FROM markets WHERE id = $1', [
        market.id,
      ]);
      const counted = counting(db);
      const ids = new BetfairIds(counted);
      const runner = { marketId: market.id, runnerId: 'r2' };
      const bfMarket = (await ids.marketIds([market.id, 'no-such-market'])).get(market.id)!;
      const selection = (await ids.selectionIds([runner])).get(runnerIdKey(runner))!;
      const bfEvent = (await ids.eventIds([event!.event_id])).get(event!.event_id)!;
      expect(bfMarket).toMatch(/^1\.\d+$/);
      const queries = counted.queries;
      // Known ids, either way, read no database.
      expect(await ids.marketsOf([bfMarket, '1.999999999', 'junk'])).toEqual(
        new Map([[bfMarket, market.id]]),
      );
      expect(await ids.runnerOf(selection)).toEqual(runner);
      expect(await ids.eventsOf([BigInt(bfEvent)])).toEqual(new Map([[BigInt(bfEvent), event!.event_id]]));
      expect(await ids.marketIds([market.id])).toEqual(new Map([[market.id, bfMarket]]));
      expect(counted.queries - queries).toBe(1); // the unknown 1.999999999 only
      await first.close();

      // Another process on the same database: the same numbers, read afresh; a new market gets a new one.
      const second = await startTestApp({}, {}, db);
      const again = new BetfairIds(db);
      expect(await again.marketsOf([bfMarket])).toEqual(new Map([[bfMarket, market.id]]));
      expect(await again.runnerOf(selection)).toEqual(runner);
      expect(await again.eventIds([event!.event_id])).toEqual(new Map([[event!.event_id, bfEvent]]));
      const newer = await (await tradingClient(second)).market();
      const newerId = (await again.marketIds([newer.id])).get(newer.id)!;
      expect(parseBfMarketId(newerId)! > parseBfMarketId(bfMarket)!).toBe(true);
      await second.close();
    } finally {
      await db.close();
    }
  });

  // Two migrations of a database of its own from empty: slower than a test's default allowance.
  it('numbers the rows that existed before its migration', async () => {
    const db = await openPglite();
    try {
      await migrate(db, { migrations: migrations.filter((migration) => migration.id < '029') });
      await db.exec(`
        INSERT INTO competitions (sport_slug, name) VALUES ('football', 'League');
        INSERT INTO events (id, sport_slug, competition_id, name, start_time)
          SELECT 'old-' || n, 'football', c.id, 'Old ' || n, now() FROM competitions c, generate_series(1, 3) n;
        INSERT INTO markets (id, event_id, type, name, sort_order, bet_delay_sec, min_stake_minor, max_stake_minor,
            commission_percent, house_priced)
          SELECT id || '.mo', id, 'MATCH_ODDS', 'Match Odds', 0, 0, 100, 1000, 2, false FROM events;
        INSERT INTO runners (market_id, runner_id, name, sort_order)
          SELECT m.id, r, r, 0 FROM markets m, unnest(ARRAY['r1', 'r2']) r;`);
      await migrate(db);
      const counts = await db.query<{ t: string; rows: bigint; numbered: bigint }>(
        `SELECT 'events' AS t, count(*) AS rows, count(DISTINCT bf_id) AS numbered FROM events
         UNION ALL SELECT 'markets', count(*), count(DISTINCT bf_id) FROM markets
         UNION ALL SELECT 'runners', count(*), count(DISTINCT bf_id) FROM runners`,
      );
      expect(counts.map((row) => [row.t, Number(row.rows), Number(row.numbered)])).toEqual([
        ['events', 3, 3],
        ['markets', 3, 3],
        ['runners', 6, 6],
      ]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
