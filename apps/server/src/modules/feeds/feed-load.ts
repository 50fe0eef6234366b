import { parseCatalogue, readLines, parseLine, isCricketChangeMessage } from '@backlay/betfair-stream';
import { readFile } from 'node:fs/promises';
import type { Sql } from '../../db/database.ts';
import { readFeedFiles, type FeedFileRow } from './files-repo.ts';
import { readFeed, readFeedMarkets, type FeedRow } from './feeds-repo.ts';
import { FeedRun, type FeedLines, type FeedRunDeps } from './feed-run.ts';
import { StreamLines, type StreamConfig } from './stream-lines.ts';
import { emptyNames, foldFixtures, type FeedNames } from './names.ts';
import { MergedLines } from './merged-lines.ts';
import { ReplayLines, type ReplaySource } from './replay-lines.ts';
import { WorkerReplayLines } from './replay-reader.ts';

/**
 * Stream files of at least this many lines in all are read on a worker thread (0314): there the
 * thread's start (half a second or so) is soon paid back; a short replay is read here.
 */
export const WORKER_MIN_LINES = 20_000;

/**
 * Rebuilds a feed's run from the database (its unit's load): the row with its cache snapshot, the
 * markets it mirrors, the names of its catalogue and sports-data files, and its stream files read on
 * from the last applied line. Null: no such feed.
 */
export async function loadFeedRun(sql: Sql, deps: FeedRunDeps, feedId: string): Promise<FeedRun | null> {
  const row = await readFeed(sql, feedId, true);
  if (!row) return null;
  const files = await readFeedFiles(sql, row.fileIds);
  const mapped = new Map(
    (await readFeedMarkets(sql, [feedId])).map((m) => [
      m.sourceMarketId,
      { marketId: m.marketId, eventId: m.eventId },
    ]),
  );
  const names = row.state === 'running' || row.state === 'paused' ? await readNames(files) : emptyNames();
  let run: FeedRun | null = null;
  const lines: FeedLines =
    row.kind === 'stream'
      ? new StreamLines({
          config: row.config as StreamConfig,
          clocks: row.cache && { clk: row.cache.clk, initialClk: row.cache.initialClk },
          onArrival: () => run && deps.wake(run),
          onFailed: (detail) => {
            if (!run) return;
            run.failure = detail;
            deps.wake(run);
          },
        })
      : replayLines(files, row, (fileId, error) =>
          run?.noteError({ fileId, message: `file not readable: ${String(error).slice(0, 200)}` }),
        );
  run = new FeedRun(deps, row, names, mapped, lines);
  await run.followState();
  return run;
}

/** A replay's stream files from its position, merged with its sports data when it has some (0279). */
function replayLines(
  files: readonly FeedFileRow[],
  row: FeedRow,
  onUnreadable: (fileId: string, error: unknown) => void,
): FeedLines {
  const position = { fileIndex: row.fileIndex, lineNumber: row.lineNumber };
  const streamFiles = files.filter((file) => file.kind === 'stream');
  const streamLines = streamFiles.reduce((sum, file) => sum + file.lines, 0);
  const stream: ReplaySource =
    streamLines >= WORKER_MIN_LINES
      ? new WorkerReplayLines(streamFiles, position, onUnreadable)
      : new ReplayLines(streamFiles, position, onUnreadable);
  const sportsFiles = files.filter((file) => file.kind === 'sports-data');
  if (sportsFiles.length === 0) return stream;
  const sports = new ReplayLines(sportsFiles, { fileIndex: 0, lineNumber: 0 }, onUnreadable, true);
  return new MergedLines(stream, sports, row.lastPt);
}

/** Market, event and runner names from the catalogue and sports-data files of a replay. */
async function readNames(files: readonly FeedFileRow[]): Promise<FeedNames> {
  const names = emptyNames();
  for (const file of files) {
    try {
      if (file.kind === 'catalogue') foldCatalogue(names, await readFile(file.path, 'utf8'));
      if (file.kind === 'sports-data') {
        for await (const { text } of readLines(file.path)) {
          const parsed = parseLine(text);
          if (
            parsed.kind === 'message' &&
            isCricketChangeMessage(parsed.message) &&
            Array.isArray(parsed.message.cc)
          )
            foldFixtures(names, parsed.message.cc);
        }
      }
    } catch {
      // An unreadable names file leaves the names to the stream's definitions.
    }
  }
  return names;
}

function foldCatalogue(names: FeedNames, text: string): void {
  for (const entry of parseCatalogue(text)) {
    names.catalogue.set(entry.marketId, {
      marketName: entry.marketName,
      eventName: entry.event?.name,
      competition: entry.competition?.name,
      runners: new Map(entry.runners.map((runner) => [runner.selectionId, runner.runnerName])),
    });
  }
}
