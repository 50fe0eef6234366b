import { parseLine } from '@backlay/betfair-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { COMMAND_LINE } from '../audit/index.ts';
import type { TakenBatch } from './batch-take.ts';
import type { WrittenBatch } from './batch-write.ts';
import { FeedRun, type FeedLines, type FeedRunDeps } from './feed-run.ts';
import { feedKind } from './feed-unit.ts';
import { readFeed } from './feeds-repo.ts';
import { insertTestReplay } from './feeds-test-kit.ts';
import { emptyNames } from './names.ts';
import type { ReplayLine } from './replay-lines.ts';

/**
 * A feed reads and folds its next batch while the last one commits (docs/decisions/0280): each
 * commit here stays open until the test ends it.
 */

type HeldCommit = { taken: TakenBatch; commit: () => void; fail: (error: Error) => void };

class HeldRun extends FeedRun {
  readonly commits: HeldCommit[] = [];
  committed = 0;

  protected override commit(taken: TakenBatch): Promise<WrittenBatch> {
    return new Promise((resolve, reject) => {
      this.commits.push({
        taken,
        commit: () => {
          this.committed += 1;
          resolve({ books: taken.books, removed: [] });
        },
        fail: reject,
      });
    });
  }
}

/** A market's definition in its own line, so each line is a batch (a batch ends at a definition). */
function definitionLine(lineNumber: number, status: 'OPEN' | 'SUSPENDED'): ReplayLine {
  const text = JSON.stringify({
    op: 'mcm',
    clk: String(lineNumber),
    pt: 1_650_000_000_000,
    mc: [
      {
        id: '1.42',
        marketDefinition: {
          eventId: '31389771',
          eventTypeId: '7',
          marketType: 'WIN',
          numberOfWinners: 1,
          marketTime: '2022-04-19T18:26:00.000Z',
          inPlay: false,
          betDelay: 0,
          status,
          runners: [
            { status: 'ACTIVE', sortPriority: 1, id: 11 },
            { status: 'ACTIVE', sortPriority: 2, id: 12 },
          ],
        },
        rc: [{ id: 11, atb: [[2, 10 * lineNumber]] }],
      },
    ],
  });
  return { fileIndex: 0, fileId: 'file', lineNumber, parsed: parseLine(text), pt: 1_650_000_000_000 };
}

class ListedLines implements FeedLines {
  taken = 0;
  constructor(private readonly lines: readonly ReplayLine[]) {}
  peek = () => Promise.resolve(this.lines[this.taken] ?? null);
  take = () => this.lines[this.taken++]!;
  close = () => Promise.resolve();
}

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

async function heldRun(lineCount: number) {
  const deps: FeedRunDeps = {
    db,
    publisher: {
      streams: { publish: () => Promise.resolve() },
      onMarketsChanged: () => {},
      onError: () => {},
    },
    terms: { commissionPercent: 2, minStakeMinor: 100n, maxStakeMinor: 10_000_000n },
    nowMs: Date.now,
    wake: () => {},
    published: () => {},
  };
  const row = (await readFeed(db, await insertTestReplay(db, lineCount), true))!;
  const statuses = ['OPEN', 'SUSPENDED'] as const;
  const lines = new ListedLines(
    Array.from({ length: lineCount }, (_, i) => definitionLine(i + 1, statuses[i % 2]!)),
  );
  return { run: new HeldRun(deps, row, emptyNames(), new Map(), lines), lines, deps };
}

/** True once the promise settled, checked after the tasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('FeedRun: the next batch is read while the last one commits', () => {
  it('folds the second batch during the first commit, and the first writes its own state', async () => {
    const { run, lines } = await heldRun(3);
    expect(await run.step()).toEqual({ inMs: 0 });
    expect(run.commits).toHaveLength(1);
    const second = run.step();
    await waitFor(() => lines.taken === 2, 2_000);
    expect(await settled(second)).toBe(false);
    expect(run.commits).toHaveLength(1);
    expect(run.committed).toBe(0);
    // Batch 2 (SUSPENDED) is folded into the cache; batch 1's write still holds batch 1's market.
    const first = run.commits[0]!.taken;
    expect(first.mirrors.map((m) => m.status)).toEqual(['OPEN']);
    expect([...first.books.values()].map((b) => b.status)).toEqual(['OPEN']);
    expect(first.progress.lineNumber).toBe(1);
    expect(first.progress.cache.markets[0]?.definition?.status).toBe('OPEN');
    expect(first.newMappings.map((m) => m.sourceMarketId)).toEqual(['1.42']);
    run.commits[0]!.commit();
    expect(await second).toEqual({ inMs: 0 });
    // One write at a time, in order: the second started only once the first committed.
    expect(run.commits).toHaveLength(2);
    expect(run.commits[1]!.taken.mirrors.map((m) => m.status)).toEqual(['SUSPENDED']);
    expect(run.commits[1]!.taken.newMappings).toEqual([]);
    expect(run.commits[1]!.taken.progress.lineNumber).toBe(2);
    const third = run.step();
    await waitFor(() => lines.taken === 3, 2_000);
    run.commits[1]!.commit();
    expect(await third).toEqual({ inMs: 0 });
    // At the replay's end the last write is committed before the step answers.
    const last = run.step();
    run.commits[2]!.commit();
    await waitFor(() => run.commits.length === 4, 2_000);
    expect(run.commits[3]!.taken.progress.state).toBe('finished');
    expect(await settled(last)).toBe(false);
    run.commits[3]!.commit();
    expect(await last).toBeNull();
    expect(run.committed).toBe(4);
  });

  it('a pause waits for the batch being written before it saves the controls', async () => {
    const { run, deps } = await heldRun(3);
    const unit = feedKind({ db, run: deps, schedule: () => {} });
    expect(await unit.handle(run, { type: 'step' }, `feed:${run.row.id}`)).toEqual({ ok: true, value: null });
    const pause = unit.handle(run, { type: 'pause', actor: COMMAND_LINE }, `feed:${run.row.id}`);
    expect(await settled(pause)).toBe(false);
    expect(run.row.state).toBe('running');
    run.commits[0]!.commit();
    expect(await pause).toEqual({ ok: true, value: null });
    expect(run.row.state).toBe('paused');
    expect(run.committed).toBe(1);
    await run.close();
  });

  it('a failed write makes the next step throw it, and closing still ends the run', async () => {
    const { run, lines } = await heldRun(3);
    await run.step();
    run.commits[0]!.fail(new Error('commit lost'));
    // Nothing waits for the write now: its failure must not be an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(run.step()).rejects.toThrow('commit lost');
    expect(lines.taken).toBe(2);
    expect(run.commits).toHaveLength(1);

    const closing = await heldRun(2);
    await closing.run.step();
    closing.run.commits[0]!.fail(new Error('commit lost'));
    await expect(closing.run.close()).resolves.toBeUndefined();
  });
});
