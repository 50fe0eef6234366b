import { describe, expect, it } from 'vitest';
import {
  ballsOfOvers,
  currentInningsOf,
  foldCricketChange,
  inningsEnded,
  overRunsOutcome,
  type CricketScore,
} from './cricket-score.ts';
import { isCricketChangeMessage, parseLine } from './parse.ts';
import { recordingLines } from './test-support/recordings.ts';
import type { CricketChange } from './types.ts';

/** Folds every change of the lines in their order, as a replay applies them. */
function foldLines(lines: readonly string[], start: CricketScore | null = null): CricketScore | null {
  let score = start;
  for (const line of lines) {
    const parsed = parseLine(line);
    if (parsed.kind !== 'message' || !isCricketChangeMessage(parsed.message)) continue;
    for (const change of parsed.message.cc ?? []) score = foldCricketChange(score, change, parsed.message.pt);
  }
  return score;
}

const innings = (number: number, runs: number, overs: string, wickets = 2) => ({
  inningsNum: number,
  battingTeam: number === 1 ? 'Karachi Kings' : 'Multan Sultans',
  inningsRuns: runs,
  inningsOvers: overs,
  inningsWickets: wickets,
});
const change = (...stats: ReturnType<typeof innings>[]): CricketChange => ({
  eventId: '30610310',
  fixtureInfo: { maxOvers: 20 },
  matchStats: { currentInnings: stats.at(-1)!.inningsNum, inningsStats: stats },
});

describe('the cricket score', () => {
  it('folds the recording: innings runs, wickets, overs and the batters at the crease', () => {
    const score = foldLines(recordingLines('betfairlightweight/CRICKET-1.179676557'))!;
    expect(score).toMatchObject({
      eventId: '30610310',
      marketId: '1.179676557',
      pt: 1643299044853,
      fixtureStatus: 'IN_RUNNING',
      // The third line was published before the second: passed over.
      eventStatus: 'MATCH_STABLE',
      maxOvers: 20,
      currentInnings: 1,
      batting: {
        team: 'Karachi Kings',
        batters: [
          { runs: 4, onStrike: false },
          { runs: 9, onStrike: true },
        ],
      },
      winner: null,
    });
    expect(currentInningsOf(score)).toEqual({
      number: 1,
      battingTeam: 'Karachi Kings',
      bowlingTeam: 'Multan Sultans',
      runs: 81,
      wickets: 2,
      balls: 78,
      overRuns: { 13: 81 },
    });
  });

  it('reads overs as legal balls and refuses what is not an overs figure', () => {
    expect(ballsOfOvers('12.5')).toBe(77);
    expect(ballsOfOvers('13')).toBe(78);
    expect(ballsOfOvers(6)).toBe(36);
    expect([ballsOfOvers('12.6'), ballsOfOvers('x'), ballsOfOvers(null), ballsOfOvers('-1')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('keeps the runs of the first change at an over`s end; a later extra is the next over`s', () => {
    let score = foldCricketChange(null, change(innings(1, 40, '5.5')), 1)!;
    expect(overRunsOutcome(score, 1, 6)).toEqual({ kind: 'open' });
    score = foldCricketChange(score, change(innings(1, 44, '6.0')), 2)!;
    score = foldCricketChange(score, change(innings(1, 45, '6.0')), 3)!;
    expect(overRunsOutcome(score, 1, 6)).toEqual({ kind: 'settled', runs: 44 });
    // An older change changes nothing, a repeat neither.
    expect(foldCricketChange(score, change(innings(1, 10, '1.0')), 2)).toBe(score);
    expect(foldCricketChange(score, change(innings(1, 45, '6.0')), 3)).toEqual(score);
  });

  it('voids an over the innings never reached, or one the data went past without showing', () => {
    let score = foldCricketChange(null, change(innings(1, 30, '4.2')), 1)!;
    score = foldCricketChange(score, change(innings(1, 31, '4.3', 10)), 2)!;
    expect(inningsEnded(score, 1)).toBe(true);
    expect(overRunsOutcome(score, 1, 6)).toEqual({ kind: 'void' });
    const skipped = foldCricketChange(null, change(innings(2, 50, '6.1')), 1)!;
    expect(overRunsOutcome(skipped, 2, 6)).toEqual({ kind: 'void' });
    expect(overRunsOutcome(skipped, 2, 10)).toEqual({ kind: 'open' });
  });

  it('ends an innings when the next begins, the match ends, or its overs are bowled', () => {
    const first = foldCricketChange(null, change(innings(1, 150, '19.5')), 1)!;
    expect(inningsEnded(first, 1)).toBe(false);
    expect(inningsEnded(foldCricketChange(first, change(innings(1, 152, '20.0')), 2)!, 1)).toBe(true);
    const next = foldCricketChange(first, change(innings(1, 150, '19.5'), innings(2, 0, '0.0')), 2)!;
    expect([inningsEnded(next, 1), inningsEnded(next, 2)]).toEqual([true, false]);
    const ended = foldCricketChange(first, { fixtureInfo: { fixtureStatus: 'COMPLETED' } }, 2)!;
    expect(inningsEnded(ended, 1)).toBe(true);
  });

  it('names no score for a change without an event', () => {
    expect(foldCricketChange(null, { marketId: '1.2' }, 1)).toBeNull();
  });
});
