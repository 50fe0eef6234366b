import { foldCricketChange, type CricketChange, type CricketScore } from '@backlay/betfair-stream';
import { describe, expect, it } from 'vitest';
import { lineChangesOf, lineSpecsOf } from './cricket-lines.ts';

const EVENT = 'bf-0123456789ab-30610310';

function scoreOf(...changes: CricketChange[]): CricketScore {
  let score: CricketScore | null = null;
  changes.forEach((change, index) => (score = foldCricketChange(score, { eventId: '1', ...change }, index)));
  return score!;
}
const innings = (runs: number, overs: string, wickets = 0) => ({
  fixtureInfo: { maxOvers: 20, eventStatus: 'MATCH_STABLE' },
  matchStats: {
    currentInnings: 1,
    inningsStats: [
      {
        inningsNum: 1,
        battingTeam: 'Karachi Kings',
        inningsRuns: runs,
        inningsOvers: overs,
        inningsWickets: wickets,
      },
    ],
  },
});

describe('the house lines of a match with sports data', () => {
  it('offers each begun innings four lines, only on a limited-overs match', () => {
    const ids = lineSpecsOf(EVENT, scoreOf(innings(10, '1.0'))).map((spec) => spec.market.id);
    expect(ids).toEqual([
      `${EVENT}.i1-6-over-runs`,
      `${EVENT}.i1-10-over-runs`,
      `${EVENT}.i1-20-over-runs`,
      `${EVENT}.i1-6-over-odd-even`,
    ]);
    const test = scoreOf({ ...innings(10, '1.0'), fixtureInfo: { maxOvers: 90 } });
    expect(lineSpecsOf(EVENT, test)).toEqual([]);
  });

  it('creates and prices open lines, suspended while a ball is in play', () => {
    const score = scoreOf(innings(30, '4.0'), { fixtureInfo: { eventStatus: 'BALL_IN_PROGRESS' } });
    const { create, events } = lineChangesOf(EVENT, score, new Map(), 1);
    expect(create.map((market) => market.type)).toEqual(['FANCY', 'FANCY', 'FANCY', 'ODD_EVEN']);
    const sixOver = events.filter(
      (event) => 'marketId' in event && event.marketId === `${EVENT}.i1-6-over-runs`,
    );
    expect(sixOver.map((event) => event.type)).toEqual(['LINE', 'SUSPEND']);
    expect(sixOver[0]).toMatchObject({ line: 46 });
  });

  it('settles on the runs at the over, voids what the innings never reached, and leaves decided lines', () => {
    const score = scoreOf(innings(47, '6.0', 1), innings(75, '9.3', 10));
    const statuses = new Map([
      [`${EVENT}.i1-6-over-runs`, 'OPEN'],
      [`${EVENT}.i1-10-over-runs`, 'SUSPENDED'],
      [`${EVENT}.i1-6-over-odd-even`, 'SETTLED'],
    ]);
    const { create, events } = lineChangesOf(EVENT, score, statuses, 1);
    expect(create).toEqual([]);
    const results = events.flatMap((event) =>
      event.type === 'RESULT' ? [[event.marketId, event.outcome]] : [],
    );
    expect(results).toEqual([
      [`${EVENT}.i1-6-over-runs`, { kind: 'LINE', lineResult: 47 }],
      [`${EVENT}.i1-10-over-runs`, { kind: 'VOID' }],
    ]);
  });
});
