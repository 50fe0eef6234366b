import { createSimulator, type FeedEvent, type OddsFeed } from '@backlay/feed';
import type { Database } from '../../db/database.ts';
import type { Lifecycle, LoopWorker } from '../../platform/lifecycle.ts';
import type { Leases } from '../../platform/units/index.ts';
import { sleep } from '../../platform/lifecycle-workers.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import { applyFeedBatch } from './feed-apply.ts';
import { readFeedCursor, resumableRun } from './feed-cursor.ts';

export const FEED_POLL_INTERVAL_MS = 250;
/** The feed's lease in `unit_leases` (docs/decisions/0138). */
export const FEED_LEASE = 'feed:simulator';
/** A standby instance asks for the lease every this many poll intervals. */
const STANDBY_ROUNDS = 8;

export type FeedWorkerDeps = {
  db: Database;
  streams: Pick<StreamRegistry, 'publish'>;
  env: { FEED_SEED: string; FEED_SPEED: number };
  log?: { error(object: object, message: string): void };
  /** With several instances, only the holder of the feed's lease runs it; the others stand by. */
  leases?: Pick<Leases, 'acquire' | 'release'>;
  /** Told which markets each committed batch changed. */
  onMarketsChanged?: (marketIds: readonly string[]) => void;
};

export type FeedWorkerOptions = {
  intervalMs?: number;
  nowMs?: () => number;
  /** Another adapter (a paid feed); the built-in simulator by default. */
  createFeed?: (startMs: number) => OddsFeed;
};

/**
 * The odds feed as a lifecycle loop (docs/decisions/0056, 0120): every `intervalMs` it asks the feed
 * what happened and applies it as one unit of work. The built-in simulator goes on with the run the
 * database holds when its seed and speed are the same (0263); otherwise a new feed's fixture ids are
 * new, so its first batch also closes the events an earlier run left open.
 */
export function feedWorker(deps: FeedWorkerDeps, options: FeedWorkerOptions = {}): LoopWorker {
  const intervalMs = options.intervalMs ?? FEED_POLL_INTERVAL_MS;
  const nowMs = options.nowMs ?? Date.now;
  const createFeed =
    options.createFeed ??
    ((startMs: number) => createSimulator({ seed: deps.env.FEED_SEED, speed: deps.env.FEED_SPEED, startMs }));
  const publisher = {
    streams: deps.streams,
    ...(deps.onMarketsChanged ? { onMarketsChanged: deps.onMarketsChanged } : {}),
    onError: (error: unknown) => deps.log?.error({ err: error }, 'feed: publishing a change failed'),
  };
  // Kept across restarts of the loop: a failed batch is retried with the same feed, whose fixture ids
  // the database already holds, instead of a fresh feed that would close every open event.
  let feed: OddsFeed | null = null;
  let pending: FeedEvent[] = [];
  let closedEarlierRun = false;
  // The built-in simulator's run, written with every batch so that another instance can go on with it.
  const settings = { seed: deps.env.FEED_SEED, speed: deps.env.FEED_SPEED };
  let originMs: number | null = null;
  async function openFeed(): Promise<OddsFeed> {
    const resumed = options.createFeed
      ? null
      : resumableRun(await readFeedCursor(deps.db), settings, nowMs());
    if (!resumed) {
      originMs = nowMs();
      return createFeed(originMs);
    }
    // The same run rebuilt up to what the database holds; its events up to there are applied already.
    originMs = resumed.originMs;
    const resumedFeed = createFeed(originMs);
    resumedFeed.advance(resumed.appliedUntilMs);
    closedEarlierRun = true;
    return resumedFeed;
  }
  async function applyPending(): Promise<void> {
    if (!feed) return;
    const atMs = nowMs();
    pending.push(...feed.advance(atMs));
    const keepFixtureIds = closedEarlierRun
      ? undefined
      : feed.snapshot().fixtures.map((open) => open.fixture.id);
    const cursor =
      options.createFeed || originMs === null ? undefined : { ...settings, originMs, appliedUntilMs: atMs };
    await applyFeedBatch({ db: deps.db, publisher }, pending, { keepFixtureIds, cursor });
    pending = [];
    closedEarlierRun = true;
  }
  return {
    name: 'feed',
    async run(signal) {
      try {
        while (!signal.aborted) {
          // The lease is renewed on every round; a standby instance tries again now and then.
          if (deps.leases && !(await deps.leases.acquire(FEED_LEASE))) {
            await sleep(intervalMs * STANDBY_ROUNDS, signal);
            continue;
          }
          feed ??= await openFeed();
          // A failed batch throws: the lifecycle reruns the loop after its backoff and the batch is retried.
          await applyPending();
          await sleep(intervalMs, signal);
        }
      } finally {
        if (deps.leases) await deps.leases.release(FEED_LEASE).catch(() => {});
      }
    },
  };
}

/** Registers the feed worker; the server does this, tests only when they ask for it. */
export function startFeed(
  deps: FeedWorkerDeps & { lifecycle: Pick<Lifecycle, 'register'> },
  options?: FeedWorkerOptions,
) {
  return deps.lifecycle.register(feedWorker(deps, options));
}
