import { createSimulator, type FeedEvent } from '@backlay/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { applyFeedBatch } from './feed-apply.ts';

const START_MS = Date.UTC(2026, 0, 10, 12);
const MINUTE_MS = 60_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const count = async (table: string) =>
  Number((await ctx.deps.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
const marketRows = () =>
  ctx.deps.db.query<{ id: string; status: string; version: bigint; line: unknown; updated_at: Date }>(
    `SELECT id, status, version, line, updated_at FROM markets ORDER BY id`,
  );
const runnerRows = () =>
  ctx.deps.db.query(`SELECT market_id, runner_id, fair_ppm FROM runners ORDER BY market_id, runner_id`);

describe('applying the feed', () => {
  const feed = createSimulator({ seed: 'apply-test', startMs: START_MS });
  let first: FeedEvent[];

  it('creates events, markets and runners from the first batch, with fair chances', async () => {
    first = feed.advance(START_MS);
    const fixtures = first.flatMap((e) => (e.type === 'FIXTURE_ADDED' ? [e.fixture] : []));
    const applied = await applyFeedBatch({ db: ctx.deps.db }, first);
    const markets = fixtures.flatMap((f) => f.markets);
    expect(await count('events')).toBe(fixtures.length);
    expect(await count('markets')).toBe(markets.length);
    expect(await count('runners')).toBe(markets.reduce((sum, m) => sum + m.runners.length, 0));
    expect(applied.marketIds).toHaveLength(markets.length);
    const [priced] = await ctx.deps.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM runners r JOIN markets m ON m.id = r.market_id
       WHERE m.type = 'MATCH_ODDS' AND r.fair_ppm IS NULL`,
    );
    expect(Number(priced!.n)).toBe(0);
    const [sum] = await ctx.deps.db.query<{ total: bigint }>(
      `SELECT sum(fair_ppm) AS total FROM runners WHERE market_id = $1`,
      [fixtures[0]!.markets[0]!.id],
    );
    expect(Number(sum!.total)).toBe(1_000_000);
  });

  it('changes nothing when the same events are applied again', async () => {
    const markets = await marketRows();
    const runners = await runnerRows();
    const events = await ctx.deps.db.query(
      `SELECT id, status, score, version, updated_at FROM events ORDER BY id`,
    );
    const applied = await applyFeedBatch({ db: ctx.deps.db }, first);
    expect(applied).toEqual({ marketIds: [], eventIds: [] });
    expect(await marketRows()).toEqual(markets);
    expect(await runnerRows()).toEqual(runners);
    expect(
      await ctx.deps.db.query(`SELECT id, status, score, version, updated_at FROM events ORDER BY id`),
    ).toEqual(events);
  });

  it('raises a changed market version by exactly one and follows suspensions and results', async () => {
    const results = new Map<string, string>();
    const finished = new Set<string>();
    const note = (events: readonly FeedEvent[]) => {
      for (const e of events) {
        if (e.type === 'RESULT') results.set(e.marketId, e.outcome.kind === 'VOID' ? 'VOID' : 'SETTLED');
        if (e.type === 'FIXTURE_CLOSED') finished.add(e.fixtureId);
      }
    };
    note(first);
    for (let minute = 5; minute <= 180; minute += 5) {
      const before = new Map((await marketRows()).map((m) => [m.id, m.version]));
      const events = feed.advance(START_MS + minute * MINUTE_MS);
      note(events);
      const applied = await applyFeedBatch({ db: ctx.deps.db }, events);
      const after = new Map((await marketRows()).map((m) => [m.id, m.version]));
      for (const id of applied.marketIds) {
        if (before.has(id)) expect(after.get(id)).toBe(before.get(id)! + 1n);
      }
      for (const [id, version] of before)
        if (!applied.marketIds.includes(id)) expect(after.get(id)).toBe(version);
    }
    expect(results.size).toBeGreaterThan(0);
    expect(finished.size).toBeGreaterThan(0);
    const statuses = new Map((await marketRows()).map((m) => [m.id, m.status]));
    for (const [id, status] of results) expect(statuses.get(id)).toBe(status);
    expect(await count('market_results')).toBe(results.size);
    const snapshot = feed.snapshot();
    for (const open of snapshot.fixtures) {
      for (const market of open.fixture.markets) {
        if (results.has(market.id)) continue;
        expect(statuses.get(market.id)).toBe(
          open.suspendedMarketIds.includes(market.id) ? 'SUSPENDED' : 'OPEN',
        );
      }
    }
    const [ended] = await ctx.deps.db.query<{ status: string; in_play: boolean }>(
      `SELECT status, in_play FROM events WHERE id = $1`,
      [[...finished][0]],
    );
    expect(ended).toEqual({ status: 'FINISHED', in_play: false });
    const [unsettledOfFinished] = await ctx.deps.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM markets m JOIN events e ON e.id = m.event_id
       WHERE e.status = 'FINISHED' AND m.status IN ('OPEN', 'SUSPENDED')`,
    );
    expect(Number(unsettledOfFinished!.n)).toBe(0);
  });

  it('closes the open events of an earlier run that a new feed does not know', async () => {
    const [open] = await ctx.deps.db.query<{ id: string }>(
      `SELECT id FROM events WHERE status IN ('SCHEDULED', 'IN_PLAY') LIMIT 1`,
    );
    const next = createSimulator({ seed: 'apply-test', startMs: START_MS + 4 * 60 * MINUTE_MS });
    const events = next.advance(START_MS + 4 * 60 * MINUTE_MS);
    const keepFixtureIds = next.snapshot().fixtures.map((f) => f.fixture.id);
    expect(keepFixtureIds).not.toContain(open!.id);
    const applied = await applyFeedBatch({ db: ctx.deps.db }, events, { keepFixtureIds });
    expect(applied.eventIds).toContain(open!.id);
    const [closed] = await ctx.deps.db.query(`SELECT status, in_play FROM events WHERE id = $1`, [open!.id]);
    expect(closed).toEqual({ status: 'CLOSED', in_play: false });
    const markets = await ctx.deps.db.query<{ status: string }>(
      `SELECT status FROM markets WHERE event_id = $1`,
      [open!.id],
    );
    expect(markets.every((m) => ['CLOSED', 'SETTLED', 'VOID'].includes(m.status))).toBe(true);
    const [stillOpen] = await ctx.deps.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM events WHERE status IN ('SCHEDULED', 'IN_PLAY')`,
    );
    expect(Number(stillOpen!.n)).toBe(keepFixtureIds.length);
  });
});
