import type { FeedError } from '@backlay/contracts';
import { isCricketChangeMessage, isMarketChangeMessage, type MarketCache } from '@backlay/betfair-stream';
import type { CricketLine } from './cricket-data.ts';
import { foldFixtures, type FeedNames } from './names.ts';
import type { ReplayLine } from './replay-lines.ts';

/** What the lines of one batch changed in memory, written together afterwards. */
export class BatchChanges {
  applied = 0;
  skipped = 0;
  readonly errors: FeedError[] = [];
  /** Source markets whose book or definition changed. */
  readonly books = new Set<string>();
  /** Source markets with a new definition, or new names from sports data. */
  readonly definitions = new Set<string>();
  lastPt: number | null = null;
  /**
   * Runners a definition of this batch shows removed, by `removalKey`: the portal time of the first
   * line that showed each (a replay judges fills against it, 0269).
   */
  readonly removals = new Map<string, number>();
  /** Cricket sports data, in line order, folded into the stored scores when written (0279). */
  readonly cricket: CricketLine[] = [];
}

/** A source runner's key among a batch's removals. */
export const removalKey = (sourceMarketId: string, selectionId: number, hc = 0) =>
  `${sourceMarketId} ${selectionId} ${hc}`;

function noteRemovals(cache: MarketCache, marketIds: readonly string[], batch: BatchChanges, atMs: number) {
  for (const id of marketIds)
    for (const runner of cache.market(id)?.definition?.runners ?? [])
      if (runner.status === 'REMOVED') {
        const key = removalKey(id, runner.id, runner.hc);
        if (!batch.removals.has(key)) batch.removals.set(key, atMs);
      }
}

/** Operations a recording may hold that carry nothing to fold: not errors. */
const QUIET_OPS = new Set(['connection', 'status', 'heartbeat']);

/** At most this much of one line's reasons is kept in its error entry. */
const MAX_MESSAGE_CHARS = 500;

/**
 * Folds one line into the feed's memory. A line is applied when all of it was; a line that is not JSON,
 * has an unknown op, or any part the cache dropped (an off-ladder price, a negative size) counts as
 * skipped with one error entry, its good parts applied (docs/decisions/0270).
 */
export function applyLine(
  cache: MarketCache,
  names: FeedNames,
  line: ReplayLine,
  batch: BatchChanges,
  appliedAtMs: number,
): void {
  const skip = (message: string) => {
    batch.skipped += 1;
    const error: FeedError = {
      line: line.lineNumber,
      fileId: line.fileId,
      message: message.slice(0, MAX_MESSAGE_CHARS),
    };
    batch.errors.push(error);
  };
  const { parsed } = line;
  if (parsed.kind === 'blank') {
    batch.applied += 1;
    return;
  }
  if (parsed.kind === 'error') return skip(parsed.message);
  const message = parsed.message;
  if (line.pt !== null) batch.lastPt = line.pt;
  if (parsed.kind === 'packed' || isMarketChangeMessage(message)) {
    const result = cache.apply(message);
    for (const id of result.changed) batch.books.add(id);
    for (const id of result.definitions) batch.definitions.add(id);
    noteRemovals(cache, result.definitions, batch, appliedAtMs);
    if (result.skipped.length > 0) return skip(result.skipped.join('; '));
    batch.applied += 1;
    return;
  }
  if (isCricketChangeMessage(message)) {
    const changes = Array.isArray(message.cc) ? message.cc : [];
    for (const id of foldFixtures(names, changes)) batch.definitions.add(id);
    for (const change of changes) batch.cricket.push({ pt: message.pt, change });
    batch.applied += 1;
    return;
  }
  if (QUIET_OPS.has(message.op)) {
    batch.applied += 1;
    return;
  }
  skip(`unknown op ${JSON.stringify(String(message.op).slice(0, 40))}`);
}
