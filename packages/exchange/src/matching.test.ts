import { describe, expect, it } from 'vitest';
import type { TimeInForce } from './types.ts';
import {
  ENGINES,
  fillRows,
  ladderRows,
  orderInput,
  placeAll,
  unwrap,
  type OrderRow,
} from './test-support/engines.ts';

type Level = readonly [string, number];

interface MatchScenario {
  readonly name: string;
  readonly before: readonly OrderRow[];
  readonly order: OrderRow;
  readonly timeInForce?: TimeInForce;
  readonly fills: ReadonlyArray<readonly [string, string, number]>;
  readonly taker: readonly [state: string, matched: number, remaining: number, cancelled: number];
  readonly toBack: readonly Level[];
  readonly toLay: readonly Level[];
}

// Hand-worked from the public exchange rules: best price first, then time; the taker gets the
// resting order's price; a back takes lays at or above its odds, a lay takes backs at or below.
const SCENARIOS: readonly MatchScenario[] = [
  {
    name: 'a back on an empty book rests and is offered to layers',
    before: [],
    order: ['B1', 'alice', 'BACK', '2.00', 1000],
    fills: [],
    taker: ['RESTING', 0, 1000, 0],
    toBack: [],
    toLay: [['2.00', 1000]],
  },
  {
    name: 'a backer asking 2.00 is matched at the better resting lay 2.10',
    before: [['L1', 'bob', 'LAY', '2.10', 1000]],
    order: ['B1', 'alice', 'BACK', '2.00', 400],
    fills: [['L1', '2.10', 400]],
    taker: ['FILLED', 400, 0, 0],
    toBack: [['2.10', 600]],
    toLay: [],
  },
  {
    name: 'a layer offering 2.00 is matched at the better (lower) resting back 1.90',
    before: [['B1', 'bob', 'BACK', '1.90', 500]],
    order: ['L1', 'alice', 'LAY', '2.00', 500],
    fills: [['B1', '1.90', 500]],
    taker: ['FILLED', 500, 0, 0],
    toBack: [],
    toLay: [],
  },
  {
    name: 'price then time priority across three resting lays, the last one partly filled',
    before: [
      ['L1', 'bob', 'LAY', '2.00', 100],
      ['L2', 'carol', 'LAY', '2.00', 100],
      ['L3', 'dan', 'LAY', '2.20', 100],
    ],
    order: ['B1', 'alice', 'BACK', '2.00', 250],
    fills: [
      ['L3', '2.20', 100],
      ['L1', '2.00', 100],
      ['L2', '2.00', 50],
    ],
    taker: ['FILLED', 250, 0, 0],
    toBack: [['2.00', 50]],
    toLay: [],
  },
  {
    name: 'the unmatched remainder rests at the order price',
    before: [['L1', 'bob', 'LAY', '2.00', 40]],
    order: ['B1', 'alice', 'BACK', '2.00', 100],
    fills: [['L1', '2.00', 40]],
    taker: ['RESTING', 40, 60, 0],
    toBack: [],
    toLay: [['2.00', 60]],
  },
  {
    name: 'a back above the best lay does not cross and both sides rest',
    before: [['L1', 'bob', 'LAY', '2.00', 100]],
    order: ['B1', 'alice', 'BACK', '2.20', 100],
    fills: [],
    taker: ['RESTING', 0, 100, 0],
    toBack: [['2.00', 100]],
    toLay: [['2.20', 100]],
  },
  {
    name: 'immediate-or-cancel matches what it can and cancels the rest',
    before: [['L1', 'bob', 'LAY', '2.00', 40]],
    order: ['B1', 'alice', 'BACK', '2.00', 100],
    timeInForce: 'IOC',
    fills: [['L1', '2.00', 40]],
    taker: ['CANCELLED', 40, 0, 60],
    toBack: [],
    toLay: [],
  },
  {
    name: 'fill-or-kill with too little liquidity matches nothing',
    before: [['L1', 'bob', 'LAY', '2.00', 40]],
    order: ['B1', 'alice', 'BACK', '2.00', 100],
    timeInForce: 'FOK',
    fills: [],
    taker: ['CANCELLED', 0, 0, 100],
    toBack: [['2.00', 40]],
    toLay: [],
  },
  {
    name: 'fill-or-kill with enough liquidity over two levels fills completely',
    before: [
      ['L1', 'bob', 'LAY', '2.02', 60],
      ['L2', 'bob', 'LAY', '2.00', 60],
    ],
    order: ['B1', 'alice', 'BACK', '2.00', 100],
    timeInForce: 'FOK',
    fills: [
      ['L1', '2.02', 60],
      ['L2', '2.00', 40],
    ],
    taker: ['FILLED', 100, 0, 0],
    toBack: [['2.00', 20]],
    toLay: [],
  },
  {
    name: 'self-match prevention: the taker stops at its own resting lay and its remainder is cancelled',
    before: [
      ['L1', 'bob', 'LAY', '2.10', 50],
      ['L2', 'alice', 'LAY', '2.00', 50],
      ['L3', 'bob', 'LAY', '2.00', 50],
    ],
    order: ['B1', 'alice', 'BACK', '2.00', 200],
    fills: [['L1', '2.10', 50]],
    taker: ['CANCELLED', 50, 0, 150],
    toBack: [['2.00', 100]],
    toLay: [],
  },
  {
    name: 'a lay sweeping three back levels up to its limit, leaving the level above',
    before: [
      ['B1', 'bob', 'BACK', '3.00', 10],
      ['B2', 'carol', 'BACK', '3.05', 20],
      ['B3', 'dan', 'BACK', '3.10', 30],
      ['B4', 'dan', 'BACK', '3.15', 40],
    ],
    order: ['L1', 'alice', 'LAY', '3.10', 100],
    fills: [
      ['B1', '3.00', 10],
      ['B2', '3.05', 20],
      ['B3', '3.10', 30],
    ],
    taker: ['RESTING', 60, 40, 0],
    toBack: [['3.10', 40]],
    toLay: [['3.15', 40]],
  },
];

describe.each(ENGINES)('matching (%s engine)', (_name, createEngine) => {
  it.each(SCENARIOS)('$name', (scenario) => {
    const engine = createEngine(1);
    placeAll(engine, scenario.before);
    const outcome = unwrap(engine.place(orderInput(scenario.order, scenario.timeInForce)));
    expect(fillRows(outcome.events)).toEqual(scenario.fills);
    const taker = unwrap(engine.order(scenario.order[0]));
    const [state, matched, remaining, cancelled] = scenario.taker;
    expect([taker.state, taker.matchedMinor, taker.remainingMinor, taker.cancelledMinor]).toEqual([
      state,
      matched,
      remaining,
      cancelled,
    ]);
    expect(ladderRows(engine)).toEqual({ toBack: scenario.toBack, toLay: scenario.toLay });
  });
});
