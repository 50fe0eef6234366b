import { describe, expect, it } from 'vitest';
import { marketChange, readDataFilter } from './market-changes.ts';
import { changeSince, logChange, newMarketLog } from './market-log.ts';
import type { MarketState, RunnerState } from './market-state.ts';
import type { MarketDefinition } from './messages.ts';
import { ALL, market as marketOf, runner } from './market-test-states.ts';

const market = (one: RunnerState, status: MarketDefinition['status'] = 'OPEN'): MarketState =>
  marketOf([one], status);

describe('a market’s change log', () => {
  const s0 = market(runner({ back: [[2, 5]] }));
  const s1 = market(
    runner({
      back: [
        [3, 4],
        [2, 5],
      ],
    }),
  );
  const s2 = market(runner({ back: [[2, 5]], traded: [[3, 4]], tv: 4, ltp: 3 }));
  const s3 = market(runner({ back: [[2, 5]], traded: [[3, 4]], tv: 4, ltp: 3 }), 'CLOSED');
  const log = newMarketLog(10, s0);
  logChange(log, s0, s1, 20);
  logChange(log, s1, s2, 30);
  logChange(log, s2, s3, 40);

  it('gives what changed after a clock at today’s values, as a delta over the client’s state', () => {
    // A client at 20 held s1: the back at 3 went, the best level moved, a trade and the close came.
    expect(changeSince(ALL, log, s3, 20)).toEqual({
      id: '1.5',
      marketDefinition: s3.definition,
      rc: [
        {
          id: 7,
          atb: [[3, 0]],
          batb: [
            [0, 2, 5],
            [1, 0, 0],
          ],
          trd: [[3, 4]],
          tv: 4,
          ltp: 3,
        },
      ],
      tv: 4,
    });
    // Over the client's own state it comes to what a delta from s1 to s3 shows.
    expect(changeSince(ALL, log, s3, 20)).toEqual(marketChange(ALL, s1, s3));
  });

  it('is empty after the last change, and unknown before the log began', () => {
    expect(changeSince(ALL, log, s3, 40)).toBeNull();
    expect(changeSince(readDataFilter({ fields: ['EX_MARKET_DEF'] }), log, s3, 30)).toMatchObject({
      marketDefinition: { status: 'CLOSED' },
    });
    expect(changeSince(ALL, log, s3, 9)).toBeUndefined();
  });
});
