import { foldCricketChange, type CricketChange, type CricketScore } from '@backlay/betfair-stream';
import type { Sql } from '../../db/database.ts';
import { setMirroredScores } from '../sports/index.ts';
import { writeCricketLines, type CricketLinesDeps } from './cricket-lines-write.ts';
import { readCricketScores, saveCricketScores } from './cricket-scores-repo.ts';
import { scoreViewOf } from './cricket-view.ts';
import { mirroredEventId } from './ids.ts';

/** One cricket change of a batch's sports data, with its line's publish time. */
export type CricketLine = { pt: number; change: CricketChange };

/** What a batch's sports data changed: the portal events whose score the `score` topic publishes. */
export type CricketWrite = { eventIds: string[]; scores: Map<string, CricketScore> };

/**
 * In the batch's transaction (docs/decisions/0279): folds the batch's cricket changes, in line order,
 * into each event's stored score, keeps the new scores, and writes the score the match page shows on
 * the mirrored event, also on an event mirrored in this batch (`writtenEventIds`) whose sports data
 * came first; then the house's lines on those matches (cricket-lines-write.ts).
 */
export async function applyCricketData(
  tx: Sql,
  deps: CricketLinesDeps,
  feedId: string,
  lines: readonly CricketLine[],
  writtenEventIds: readonly string[],
): Promise<CricketWrite> {
  const eventIdOf = (change: CricketChange) =>
    typeof change.eventId === 'string' && change.eventId !== ''
      ? mirroredEventId(feedId, change.eventId)
      : null;
  const touched = new Set(lines.flatMap(({ change }) => eventIdOf(change) ?? []));
  if (touched.size === 0 && writtenEventIds.length === 0) return { eventIds: [], scores: new Map() };
  const held = await readCricketScores(tx, [...new Set([...touched, ...writtenEventIds])]);
  const changed = new Map<string, CricketScore>();
  for (const { pt, change } of lines) {
    const eventId = eventIdOf(change);
    if (eventId === null) continue;
    const before = held.get(eventId) ?? null;
    const after = foldCricketChange(before, change, pt);
    if (!after || after === before) continue;
    held.set(eventId, after);
    changed.set(eventId, after);
  }
  await saveCricketScores(
    tx,
    feedId,
    [...changed].map(([eventId, score]) => ({ eventId, score })),
  );
  const views = [...new Set([...changed.keys(), ...writtenEventIds])].flatMap((eventId) => {
    const score = held.get(eventId);
    const view = score && scoreViewOf(score);
    return view ? [{ eventId, score: view }] : [];
  });
  const eventIds = await setMirroredScores(tx, views);
  await writeCricketLines(deps, tx, changed);
  return { eventIds, scores: changed };
}
