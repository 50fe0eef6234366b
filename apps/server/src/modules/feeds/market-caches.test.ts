import { MarketCache } from '@backlay/betfair-stream';
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { openPglite } from '../../db/pglite.ts';
import { readFeed, saveProgress } from './feeds-repo.ts';
import { insertTestReplay } from './feeds-test-kit.ts';

const db = await openPglite();
afterAll(() => db.close());

const change = (pt: number, id: string, ltp: number) => ({
  op: 'mcm' as const,
  pt,
  clk: `c${pt}`,
  mc: [{ id, rc: [{ id: 3, ltp, atb: [[ltp, 10]] as [number, number][] }] }],
});

it('moves a stored whole cache to rows, and a batch rewrites only the markets it touched', async () => {
  const before = migrations.findIndex((m) => m.id === '037-feed-market-caches');
  await migrate(db, { migrations: migrations.slice(0, before) });
  const feedId = await insertTestReplay(db, 3);
  const cache = new MarketCache();
  cache.apply(change(1, '1.1', 2));
  cache.apply(change(2, '1.2', 3));
  await db.query('UPDATE feeds SET cache = $2 WHERE id = $1', [feedId, JSON.stringify(cache.snapshot())]);
  await migrate(db);
  expect((await readFeed(db, feedId, true))?.cache).toEqual(cache.snapshot());

  cache.snapshotTouched();
  cache.apply(change(3, '1.2', 4));
  const progress = { state: 'running', untilPt: null, fileIndex: 0, lineNumber: 3, clk: 'c3' } as const;
  const counters = { applied: 3, skipped: 0, errors: [], lastPt: 3, lagMs: 0 };
  const touched = cache.snapshotTouched();
  expect(touched.markets.map((m) => m.id)).toEqual(['1.2']);
  await saveProgress(db, feedId, { ...progress, ...counters, cache: touched });
  const restored = MarketCache.restore((await readFeed(db, feedId, true))!.cache!);
  expect(restored.snapshot()).toEqual(cache.snapshot());
  const [row] = await db.query<{ cache: { markets: unknown[] } }>('SELECT cache FROM feeds WHERE id = $1', [
    feedId,
  ]);
  expect(row?.cache.markets).toEqual([]);
});
