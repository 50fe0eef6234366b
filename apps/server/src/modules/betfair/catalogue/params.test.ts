import { describe, expect, it } from 'vitest';
import { ApiNgError } from '../api-ng/operation.ts';
import { bookWeightThirds, catalogueWeight, checkPoints } from './limits.ts';
import { instant, readFilter } from './params.ts';

describe('filter params', () => {
  it('reads the dates clients send, a missing zone as UTC', () => {
    const cases: [string, string][] = [
      ['2031-01-10T14:00:00.000Z', '2031-01-10T14:00:00.000Z'],
      ['2031-01-10T14:00:00Z', '2031-01-10T14:00:00.000Z'],
      ['2031-01-10T14:00:00', '2031-01-10T14:00:00.000Z'],
      ['2031-01-10T14:00:00.123456', '2031-01-10T14:00:00.123Z'],
      ['2031-01-10T19:30:00+05:30', '2031-01-10T14:00:00.000Z'],
      ['2031-01-10T09:00:00-0500', '2031-01-10T14:00:00.000Z'],
      ['2031-01-10', '2031-01-10T00:00:00.000Z'],
    ];
    expect(cases.map(([text]) => instant(text, 'from')!.toISOString())).toEqual(cases.map(([, iso]) => iso));
    for (const bad of ['tomorrow', '2031-13-40T00:00:00Z', 1_700_000_000_000, '2031-01-10T14:00:00+5']) {
      expect(() => instant(bad, 'from')).toThrow(ApiNgError);
    }
  });

  it('makes textQuery a LIKE pattern with its own % and _ literal and * a wildcard', () => {
    expect(readFilter({ filter: { textQuery: ' Ind*Aus ' } }).textPattern).toBe('%Ind%Aus%');
    expect(readFilter({ filter: { textQuery: '100%_a\\b' } }).textPattern).toBe('%100\\%\\_a\\\\b%');
    expect(readFilter({ filter: { textQuery: '  ' } }).textPattern).toBeNull();
  });
});

describe("Betfair's request weights", () => {
  it('weighs the catalogue projections', () => {
    expect(catalogueWeight(new Set(['EVENT', 'RUNNER_DESCRIPTION', 'MARKET_START_TIME']))).toBe(0);
    expect(catalogueWeight(new Set(['MARKET_DESCRIPTION', 'RUNNER_METADATA', 'EVENT']))).toBe(2);
  });

  it('weighs the price data of a book, in thirds', () => {
    const weight = (data: string[], depth = 3) => bookWeightThirds(new Set(data) as never, depth) / 3;
    expect(weight([])).toBe(2);
    expect(weight(['EX_BEST_OFFERS'])).toBe(5);
    expect(weight(['EX_BEST_OFFERS'], 10)).toBeCloseTo(50 / 3);
    expect(weight(['EX_ALL_OFFERS'])).toBe(17);
    expect(weight(['EX_ALL_OFFERS', 'EX_BEST_OFFERS'])).toBe(17);
    expect(weight(['EX_TRADED'])).toBe(17);
    expect(weight(['EX_BEST_OFFERS', 'EX_TRADED'])).toBe(20);
    expect(weight(['EX_ALL_OFFERS', 'EX_TRADED'])).toBe(32);
    expect(weight(['SP_AVAILABLE', 'SP_TRADED'])).toBe(10);
  });

  it('refuses past 200 points and not at them', () => {
    expect(() => checkPoints(40, 15)).not.toThrow();
    expect(() => checkPoints(41, 15)).toThrow(expect.objectContaining({ errorCode: 'TOO_MUCH_DATA' }));
  });
});
