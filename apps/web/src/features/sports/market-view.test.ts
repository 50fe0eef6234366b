import { describe, expect, it } from 'vitest';
import type { Market } from '@backlay/contracts';
import {
  isHousePriced,
  ladderDepth,
  levels,
  lineCells,
  lineText,
  marketSections,
  newerMarket,
  sizeText,
} from './market-view.ts';

function market(id: string, type: string, status: Market['status'] = 'OPEN', version = 1): Market {
  const runners =
    type === 'ODD_EVEN'
      ? [
          { id: 'odd', name: 'Odd' },
          { id: 'even', name: 'Even' },
        ]
      : type === 'FANCY' || type === 'KHADO'
        ? [
            { id: 'yes', name: 'Yes' },
            { id: 'no', name: 'No' },
          ]
        : [
            { id: 'home', name: 'A' },
            { id: 'away', name: 'B' },
          ];
  return {
    id,
    eventId: 'e-1',
    type,
    name: id,
    status,
    inPlay: false,
    betDelaySec: 0,
    minStake: '100.00',
    maxStake: '500.00',
    commissionPercent: 2,
    version,
    line: null,
    runners: runners.map((runner) => ({ ...runner, back: [], lay: [], fairPpm: null })),
  };
}

describe('match page markets', () => {
  it("groups listed markets by type in the spec's order, others last", () => {
    const sections = marketSections([
      market('tied', 'TIED_MATCH'),
      market('f2', 'FANCY'),
      market('odd', 'ODD_EVEN', 'SUSPENDED'),
      market('other', 'WINNER'),
      market('mo', 'MATCH_ODDS'),
      market('f1', 'FANCY', 'SETTLED'),
      market('f3', 'FANCY'),
      market('bm', 'BOOKMAKER', 'CLOSED'),
    ]);
    expect(sections.map((s) => [s.type, s.markets.map((m) => m.id)])).toEqual([
      ['MATCH_ODDS', ['mo']],
      ['FANCY', ['f2', 'f3']],
      ['ODD_EVEN', ['odd']],
      ['TIED_MATCH', ['tied']],
      ['WINNER', ['other']],
    ]);
  });

  it("puts a mirrored race's bookmaker line beneath its WIN market, before the source's other markets", () => {
    const sections = marketSections([
      market('bm', 'BOOKMAKER'),
      market('place', 'PLACE'),
      market('win', 'WIN'),
    ]);
    expect(sections.map((s) => s.type)).toEqual(['WIN', 'BOOKMAKER', 'PLACE']);
  });

  it('prices house markets at one rate and exchange markets three deep', () => {
    expect(isHousePriced('BOOKMAKER')).toBe(true);
    expect(isHousePriced('MATCH_ODDS')).toBe(false);
    expect(ladderDepth('MATCH_ODDS')).toBe(3);
    expect(ladderDepth('TIED_MATCH')).toBe(3);
    expect(ladderDepth('BOOKMAKER')).toBe(1);
  });

  it('keeps the newer copy of a market', () => {
    const fetched = market('mo', 'MATCH_ODDS', 'OPEN', 4);
    expect(newerMarket(fetched, null)).toBe(fetched);
    const streamed = market('mo', 'MATCH_ODDS', 'SUSPENDED', 5);
    expect(newerMarket(fetched, streamed)).toBe(streamed);
    expect(newerMarket(market('mo', 'MATCH_ODDS', 'OPEN', 6), streamed).version).toBe(6);
  });

  it('reads fancy and khado as No then Yes, odd/even in feed order', () => {
    expect(lineCells(market('f', 'FANCY')).map((c) => [c.label, c.tone])).toEqual([
      ['No', 'lay'],
      ['Yes', 'back'],
    ]);
    expect(lineCells(market('o', 'ODD_EVEN')).map((c) => c.label)).toEqual(['Odd', 'Even']);
  });

  it('shows the run line, and the range for khado', () => {
    expect(lineText({ type: 'FANCY', line: { line: 44 } })).toBe('44');
    expect(lineText({ type: 'KHADO', line: { line: 44, rangeRuns: 3 } })).toBe('44–46');
    expect(lineText({ type: 'FANCY', line: null })).toBeNull();
    expect(lineText({ type: 'ODD_EVEN', line: { line: 0 } })).toBeNull();
  });

  it('pads ladders to their depth, best first', () => {
    const best = { price: 2, size: '10.00' };
    expect(levels([best], 3)).toEqual([best, null, null]);
    expect(levels([], 1)).toEqual([null]);
  });

  it('abbreviates sizes from their decimal text', () => {
    expect(sizeText('850.00', 'en-US')).toBe('850');
    expect(sizeText('1523.00', 'en-US')).toBe('1.5K');
    expect(sizeText('25000.00', 'en-US')).toBe('25K');
    expect(sizeText('1250000.00', 'en-US')).toBe('1.3M');
    expect(sizeText('n/a', 'en-US')).toBe('n/a');
  });
});
