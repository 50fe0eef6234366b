import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sql } from '../../db/database.ts';
import type { StreamTopicProvider, StreamUpdate } from '../../platform/stream/index.ts';
import { betsChanged, BETS_REFRESH_MS, BETS_TOPIC_KIND, registerBetsStream } from './bets-stream.ts';
import { EXPOSURES_REFRESH_MS, EXPOSURES_TOPIC_KIND, registerExposuresStream } from './exposures-stream.ts';
import { FOLLOW_LEASE_MS } from './staff-topic.ts';

/** The live topics `admin-bets` and `admin-exposures`: reads only while followed, one per refresh. */

afterEach(() => vi.useRealTimers());

type BetRow = { id: string; placed_at: string; status: string };

/** A database answering the bets list from `bets` (exchange rows) and counting every read. */
function fakeDb(bets: BetRow[]) {
  const reads: string[] = [];
  const db = {
    query: async (text: string) => {
      reads.push(text);
      if (!text.includes('FROM bets b') || text.includes('FROM holds')) return [];
      return [...bets]
        .sort((a, b) => b.placed_at.localeCompare(a.placed_at))
        .map((bet) => ({
          product: 'exchange',
          id: bet.id,
          player_id: 'p1',
          market: 'm1',
          selection: 'r1',
          side: 'BACK',
          stake_minor: '1000',
          state: bet.status === 'SETTLED' ? 'settled' : 'open',
          status: bet.status,
          result_minor: null,
          placed_at: bet.placed_at,
          micros: '0',
          email: 'p1@test.local',
        }));
    },
  };
  return { db: db as unknown as Sql, reads };
}

function setUp(register: typeof registerBetsStream, db: Sql, kind: string) {
  let provider: StreamTopicProvider | undefined;
  const published: StreamUpdate[] = [];
  const stream = register({
    db,
    streams: {
      register: (registered) => void (provider = registered),
      publish: async (publishedKind, id, update) => {
        expect([publishedKind, id]).toEqual([kind, undefined]);
        published.push(update);
      },
    },
    nowMs: () => Date.now(),
  });
  return { provider: () => provider!, published, stream };
}

const session = (expiresAtMs: number, role = 'operator', tokenHash = 'h1') => ({
  userId: 'u1',
  role,
  tokenHash,
  expiresAtMs,
});
const ids = (update: StreamUpdate | undefined) =>
  (update?.data as { bets: { id: string }[] } | undefined)?.bets.map((bet) => bet.id);

describe('the admin-bets topic', () => {
  it('reads nothing unfollowed, then a snapshot and only what is new or changed each second', async () => {
    vi.useFakeTimers();
    const bets: BetRow[] = [{ id: 'b1', placed_at: '2026-01-01T00:00:01Z', status: 'MATCHED' }];
    const { db, reads } = fakeDb(bets);
    const { provider, published, stream } = setUp(registerBetsStream, db, BETS_TOPIC_KIND);
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_MS * 5);
    expect(reads).toEqual([]);

    const snapshot = await provider().snapshot(undefined, session(Date.now() + 3_600_000));
    expect(ids(snapshot as StreamUpdate)).toEqual(['b1']);
    expect(reads).toHaveLength(1);

    // Nothing new: a read each second, nothing published.
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_MS * 2);
    expect(reads).toHaveLength(3);
    expect(published).toEqual([]);

    // A bet placed, and one committed late with an earlier time: both are new; b1 settles.
    bets.push({ id: 'b3', placed_at: '2026-01-01T00:00:03Z', status: 'MATCHED' });
    bets.push({ id: 'b2', placed_at: '2026-01-01T00:00:00Z', status: 'MATCHED' });
    bets[0]!.status = 'SETTLED';
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_MS);
    expect(published).toHaveLength(1);
    expect(ids(published[0])).toEqual(['b3', 'b1', 'b2']);
    expect(published[0]!.seq).toBeGreaterThan((snapshot as StreamUpdate).seq);
    expect(published[0]!.key).toBe(String(published[0]!.seq));

    await vi.advanceTimersByTimeAsync(BETS_REFRESH_MS);
    expect(published).toHaveLength(1);
    stream.stop();
  });

  it('stops reading once the last lease runs out, however many followed', async () => {
    vi.useFakeTimers();
    const { db, reads } = fakeDb([]);
    const { provider, stream } = setUp(registerBetsStream, db, BETS_TOPIC_KIND);
    for (const token of ['h1', 'h2', 'h3']) {
      await provider().snapshot(undefined, session(Date.now() + 3_600_000, 'operator', token));
    }
    // Three followers, one shared snapshot read, then one read per refresh.
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_MS * 10);
    expect(reads).toHaveLength(11);

    await vi.advanceTimersByTimeAsync(FOLLOW_LEASE_MS);
    const settled = reads.length;
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_MS * 30);
    expect(reads).toHaveLength(settled);
    stream.stop();
  });

  it('lets no player follow and names a topic of this instance', async () => {
    const { db } = fakeDb([]);
    const { provider } = setUp(registerBetsStream, db, BETS_TOPIC_KIND);
    expect(await provider().authorize!(session(Date.now() + 1000, 'player'), undefined)).toBe(false);
    expect(provider().topicOf!(undefined)).toMatch(/^stream:admin-bets:[0-9a-f-]{36}$/);
  });

  it('compares windows by bet, not by time', () => {
    const bet = (id: string, status = 'MATCHED') =>
      ({ id, product: 'exchange', state: 'open', status, result: null }) as never;
    const previous = new Map([
      ['exchange:a', 'open|MATCHED|'],
      ['exchange:b', 'open|MATCHED|'],
    ]);
    expect(betsChanged(previous, [bet('c'), bet('a'), bet('b', 'CANCELLED')])).toEqual([
      bet('c'),
      bet('b', 'CANCELLED'),
    ]);
  });
});

describe('the admin-exposures topic', () => {
  it('publishes the whole top every refresh while followed, one read each, none unfollowed', async () => {
    vi.useFakeTimers();
    const { db, reads } = fakeDb([]);
    const register = (deps: Parameters<typeof registerBetsStream>[0]) =>
      registerExposuresStream({ ...deps, makerAccountId: 'market-maker' });
    const { provider, published, stream } = setUp(register, db, EXPOSURES_TOPIC_KIND);
    await vi.advanceTimersByTimeAsync(EXPOSURES_REFRESH_MS * 2);
    expect(reads).toEqual([]);

    const snapshot = await provider().snapshot(undefined, session(Date.now() + 3_600_000));
    expect(snapshot?.data).toMatchObject({
      markets: { liability: [], matched: [] },
      players: { liability: [], matched: [] },
    });
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(EXPOSURES_REFRESH_MS * 2);
    expect(published.map((update) => update.key)).toEqual(['top', 'top']);
    expect(reads).toHaveLength(3);
    expect(await provider().authorize!(session(Date.now() + 1000, 'player'), undefined)).toBe(false);
    stream.stop();
  });
});
