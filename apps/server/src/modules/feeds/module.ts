import type { Database } from '../../db/database.ts';
import type { Lifecycle, LoopWorker } from '../../platform/lifecycle.ts';
import { sleep } from '../../platform/lifecycle-workers.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import type { UnitRouter, UnitSender } from '../../platform/units/index.ts';
import type { ExchangeService } from '../exchange/index.ts';
import { termsFor } from '../sports/index.ts';
import { mirrorSourceBooks, removeRunnersFromBooks } from './exchange-links.ts';
import { feedKind, type FeedCommand } from './feed-unit.ts';
import type { FeedRun } from './feed-run.ts';
import { readLiveFeedIds } from './feeds-repo.ts';
import { feedUnitId } from './ids.ts';
import { SourceTopic } from './source-topic.ts';

export type FeedsDeps = {
  db: Database;
  env: { DATA_DIR: string; COMMISSION_PERCENT: number };
  units: Pick<UnitRouter, 'register'>;
  streams: Pick<StreamRegistry, 'register' | 'publish'>;
  exchange: Pick<ExchangeService, 'marketsChanged' | 'removeRunner' | 'mirrorSource'>;
  log?: { error(object: object, message: string): void; warn(object: object, message: string): void };
};

/** The feeds module as its routes use it. */
export type FeedsModule = {
  deps: FeedsDeps;
  send: UnitSender<FeedCommand, null>;
  /** Runs the feed's first batch (its unit is owned from then on). */
  start(feedId: string): void;
  close(): void;
};

/** A step that failed is asked again after this long (the unit reloads from its row meanwhile). */
const RETRY_STEP_MS = 1_000;

/**
 * Registers the `feed` unit kind and the `source` stream kind at composition (docs/decisions/0270).
 * Feeds run on whichever instance owns their unit; the server keeps every live feed owned with
 * `startFeeds`.
 */
export function registerFeeds(deps: FeedsDeps): FeedsModule {
  const onError = (error: unknown) => deps.log?.error({ err: error }, 'feeds: publishing a change failed');
  const topic = new SourceTopic(deps.streams, onError);
  SourceTopic.register(deps);
  const terms = termsFor({ pricing: 'EXCHANGE' });
  let send: UnitSender<FeedCommand, null> | null = null;
  const kick = (feedId: string) => {
    void send!(feedUnitId(feedId), { type: 'step' })
      .then((result) => {
        if (!result.ok && result.code !== 'UNIT_UNAVAILABLE' && result.code !== 'UNIT_NOT_FOUND')
          setTimeout(() => kick(feedId), RETRY_STEP_MS).unref();
      })
      .catch((error: unknown) => {
        deps.log?.warn({ err: error, feedId }, 'feeds: a batch failed; retrying');
        setTimeout(() => kick(feedId), RETRY_STEP_MS).unref();
      });
  };
  const schedule = (feedRun: FeedRun, ms: number) => {
    if (feedRun.timer) clearTimeout(feedRun.timer);
    feedRun.timer = setTimeout(
      () => {
        feedRun.timer = null;
        kick(feedRun.row.id);
      },
      Math.max(0, ms),
    );
  };
  send = deps.units.register(
    feedKind({
      db: deps.db,
      run: {
        db: deps.db,
        publisher: {
          streams: deps.streams,
          onMarketsChanged: (marketIds) => deps.exchange.marketsChanged(marketIds),
          onError,
        },
        terms: { ...terms, commissionPercent: deps.env.COMMISSION_PERCENT },
        nowMs: Date.now,
        // Messages arriving together share one step.
        wake: (feedRun) => {
          if (!feedRun.timer) schedule(feedRun, 0);
        },
        published: ({ books, removed }) => {
          const requotes = mirrorSourceBooks(deps.exchange, books);
          if (books.size > 0) topic.publish(books, requotes);
          removeRunnersFromBooks(deps.exchange, removed, onError);
        },
      },
      schedule,
    }),
  );
  return {
    deps,
    send,
    start: kick,
    close: () => topic.close(),
  };
}

/** How often an instance looks for live feeds no instance runs (well under a lease's lifetime). */
const LIVE_FEEDS_EVERY_MS = 2_000;

/**
 * Keeps every running or paused feed owned by some instance: the server calls this. A feed this
 * instance does not own gets a step sent through the router, which takes the unit when no instance
 * holds it (its owner died or stopped) and otherwise only nudges the owner, so a feed goes on from its
 * last applied line within a lease's lifetime.
 */
export function startFeeds(deps: {
  db: Database;
  units: Pick<UnitRouter, 'send' | 'owns'>;
  lifecycle: Pick<Lifecycle, 'register'>;
}) {
  const worker: LoopWorker = {
    name: 'feeds',
    async run(signal) {
      while (!signal.aborted) {
        for (const feedId of await readLiveFeedIds(deps.db)) {
          const unitId = feedUnitId(feedId);
          if (!deps.units.owns(unitId)) await deps.units.send(unitId, { type: 'step' });
        }
        await sleep(LIVE_FEEDS_EVERY_MS, signal);
      }
    },
  };
  return deps.lifecycle.register(worker);
}
