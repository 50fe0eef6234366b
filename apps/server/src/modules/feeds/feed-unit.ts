import type { Database } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { feedRefusal } from './errors.ts';
import { transaction } from '../../platform/transaction.ts';
import type { UnitKind } from '../../platform/units/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { saveControls } from './feeds-repo.ts';
import { loadFeedRun } from './feed-load.ts';
import type { FeedRun, FeedRunDeps, NextStep } from './feed-run.ts';

/** What an operator or the feed's own loop asks of a feed's unit. */
export type FeedCommand =
  | { type: 'step' }
  | { type: 'pause'; actor: AuditActor }
  | { type: 'resume'; until?: number | undefined; actor: AuditActor }
  | { type: 'stop'; actor: AuditActor }
  | { type: 'speed'; speed: number; actor: AuditActor };

export type FeedUnitContext = {
  db: Database;
  run: FeedRunDeps;
  /** Asks the unit for its next step in `ms` (through the router, so only the owner runs it). */
  schedule(feedRun: FeedRun, ms: number): void;
};

const feedEnded = () => feedRefusal('FEED_ENDED');

/**
 * A feed as a unit of the router (docs/decisions/0106, 0270): one owner across instances runs its
 * batches and its operators' commands one at a time; a new owner rebuilds it from the row and goes on
 * from the last applied line. An ended feed (finished, stopped, failed) is given back once its last
 * write committed; a later command loads it again only to answer FEED_ENDED.
 */
export function feedKind(ctx: FeedUnitContext): UnitKind<FeedRun, FeedCommand, null> {
  const next = (feedRun: FeedRun, step: NextStep) => {
    if (step) ctx.schedule(feedRun, step.inMs);
  };
  return {
    kind: 'feed',
    async load(unitId) {
      const feedRun = await loadFeedRun(ctx.db, ctx.run, unitId.slice('feed:'.length));
      if (feedRun?.row.state === 'running') ctx.schedule(feedRun, 0);
      return feedRun;
    },
    async handle(feedRun, command): Promise<Result<null>> {
      if (command.type === 'step') {
        next(feedRun, await feedRun.step());
        return ok(null);
      }
      // The batch before the command commits first (and a failed one throws: the unit reloads).
      await feedRun.settle();
      if (feedRun.ended) return feedEnded();
      const row = feedRun.row;
      // A repeated command (50 pauses at once, say) changes nothing and writes nothing, as a table's pause.
      if (changesNothing(row, command)) return ok(null);
      const before = { state: row.state, speed: row.speed, until: row.untilPt };
      if (command.type === 'speed') {
        if (row.kind !== 'replay') return feedRefusal('FEED_NOT_REPLAY');
        row.speed = command.speed;
        feedRun.pacing.restartFromNow(command.speed);
      } else if (command.type === 'pause') row.state = 'paused';
      else if (command.type === 'stop') row.state = 'stopped';
      else {
        row.state = 'running';
        row.untilPt = command.until ?? null;
        feedRun.pacing.restartFromNow();
      }
      await transaction(ctx.db, async (tx) => {
        await saveControls(tx, row.id, row);
        const after = { state: row.state, speed: row.speed, until: row.untilPt };
        await recordAudit(tx, command.actor, {
          action: `feed ${command.type}`,
          target: `feed:${row.id}`,
          before,
          after,
        });
      });
      await feedRun.followState();
      if (row.state === 'running') ctx.schedule(feedRun, 0);
      else if (feedRun.timer) clearTimeout(feedRun.timer);
      return ok(null);
    },
    // A step or command only returns once its writes committed (a run that ends writes no more).
    ended: (feedRun) => feedRun.ended,
    unload: (feedRun) => feedRun.close(),
  };
}

function changesNothing(row: FeedRun['row'], command: Exclude<FeedCommand, { type: 'step' }>): boolean {
  if (command.type === 'pause') return row.state === 'paused';
  if (command.type === 'resume') return row.state === 'running' && row.untilPt === (command.until ?? null);
  if (command.type === 'speed') return row.kind === 'replay' && row.speed === command.speed;
  return false;
}
