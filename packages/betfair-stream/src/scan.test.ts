import { describe, expect, it } from 'vitest';
import { MarketCache, type ApplyResult } from './cache.ts';
import { numberAt } from './json-cursor.ts';
import { parseLine, parseLineToFold } from './parse.ts';
import { scanMarketChangeLine } from './scan.ts';
import { recordingLines } from './test-support/recordings.ts';

/** Folds the lines twice, parsed and packed, and checks both caches agree line by line. */
function foldBothWays(lines: readonly string[]): { cache: MarketCache; packed: number } {
  const parsedCache = new MarketCache();
  const packedCache = new MarketCache();
  let packed = 0;
  for (const line of lines) {
    const parsed = parseLine(line);
    const fold = parseLineToFold(line);
    if (fold.kind === 'packed') {
      packed += 1;
      expect(parsed.kind).toBe('message');
    } else expect(fold).toEqual(parsed);
    if (parsed.kind !== 'message' || (fold.kind !== 'packed' && fold.kind !== 'message')) continue;
    const expected: ApplyResult = parsedCache.apply(parsed.message);
    expect(packedCache.apply(fold.message)).toEqual(expected);
  }
  expect(packedCache.snapshot()).toEqual(parsedCache.snapshot());
  for (const id of parsedCache.marketIds()) expect(packedCache.market(id)).toEqual(parsedCache.market(id));
  return { cache: packedCache, packed };
}

const line = (mc: unknown[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ op: 'mcm', clk: 'A', pt: 1, ...extra, mc });

describe('parseLineToFold on the shared recordings', () => {
  it.each([
    ['flumine/1.197931750', 166],
    ['flumine/1.197931751', 166],
    ['flumine/BASIC-1.132153978', 480],
    ['betfairlightweight/streaming_mcm_RESUB_DELTA.json', 1],
    ['betfairlightweight/streaming_mcm_SUB_IMAGE_no_market_def.json', 0],
    ['betfairlightweight/CRICKET-1.179676557', 0],
  ])('%s folds packed exactly as parsed (%i lines packed)', (name, packedLines) => {
    expect(foldBothWays(recordingLines(name)).packed).toBe(packedLines);
  });

  it('folds mutated lines the same whichever way they are read', () => {
    const source = recordingLines('flumine/1.197931750').slice(0, 40);
    const alphabet = '[]{},:"0123456789.-eE tf';
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const mutated = Array.from({ length: 1_500 }, (_, index) => {
      const text = source[index % source.length]!;
      const at = random(text.length);
      const cut = random(3) === 0 ? 1 : 0;
      return text.slice(0, at) + alphabet[random(alphabet.length)]! + text.slice(at + cut);
    });
    foldBothWays([...source.slice(0, 1), ...mutated]);
  });
});

describe('a packed line folds as its parsed message', () => {
  const ladder = (atb: unknown[], extra: Record<string, unknown> = {}) =>
    line([{ id: '1.5', rc: [{ id: 7, atb, ...extra }] }]);

  it('inserts a price in the middle of a ladder and lists it in order', () => {
    const { cache } = foldBothWays([
      ladder([
        [2, 10],
        [2.2, 5],
      ]),
      ladder([[2.1, 3]]),
    ]);
    expect(cache.market('1.5')?.runners[0]?.atb).toEqual([
      [2.2, 5],
      [2.1, 3],
      [2, 10],
    ]);
  });

  it('removes a price and a level with size 0, and says unchanged for one never held', () => {
    const levels = line([
      {
        id: '1.5',
        rc: [
          {
            id: 7,
            batb: [
              [0, 2, 4],
              [1, 1.9, 6],
            ],
          },
        ],
      },
    ]);
    const { cache } = foldBothWays([
      ladder([[2, 10]]),
      ladder([[2, 0]]),
      ladder([[3, 0]]),
      ladder([[1.015, 0]]),
      levels,
      line([{ id: '1.5', rc: [{ id: 7, batb: [[0, 0, 0]] }] }]),
    ]);
    expect(cache.market('1.5')?.runners[0]?.atb).toEqual([]);
    const { cache: levelsOnly } = foldBothWays([
      levels,
      line([{ id: '1.5', rc: [{ id: 7, batb: [[0, 0, 0]] }] }]),
    ]);
    expect(levelsOnly.market('1.5')?.runners[0]?.atb).toEqual([[1.9, 6]]);
  });

  it('replaces the market on an image and keeps its definition when the image has none', () => {
    const definition = { status: 'OPEN', runners: [{ id: 7, sortPriority: 1, status: 'ACTIVE' }] };
    const { cache } = foldBothWays([
      line([{ id: '1.5', img: true, marketDefinition: definition, tv: 5, rc: [{ id: 8, atl: [[3, 2]] }] }]),
      line([{ id: '1.5', img: true, rc: [{ id: 7, atb: [[2, 1]], ltp: 2, tv: 9 }] }]),
    ]);
    const market = cache.market('1.5');
    expect(market?.definition?.status).toBe('OPEN');
    expect(market?.runners.map((runner) => runner.id)).toEqual([7]);
    expect(market?.tv).toBeUndefined();
    expect(Object.isFrozen(market?.definition?.runners[0])).toBe(true);
  });

  it('keys handicap runners apart and moves the clocks on a heartbeat', () => {
    const { cache } = foldBothWays([
      line([
        {
          id: '1.5',
          rc: [
            { id: 7, hc: -1.5, atb: [[2, 1]] },
            { id: 7, hc: 1.5, atb: [[3, 1]] },
          ],
        },
      ]),
      JSON.stringify({ op: 'mcm', clk: 'B', initialClk: 'I', pt: 9, ct: 'HEARTBEAT' }),
    ]);
    expect(cache.market('1.5')?.runners.map((runner) => runner.hc)).toEqual([-1.5, 1.5]);
    expect([cache.clk, cache.initialClk, cache.lastPt]).toEqual(['B', 'I', 9]);
  });

  it('folds only the markets asked for', () => {
    const packed = scanMarketChangeLine(
      line([
        { id: '1.5', tv: 1 },
        { id: '1.6', tv: 2 },
      ]),
    )!;
    const result = new MarketCache().apply(packed, { marketIds: new Set(['1.6']) });
    expect(result).toEqual({ changed: ['1.6'], definitions: [], skipped: [] });
  });
});

describe('scanMarketChangeLine leaves to parseLine', () => {
  it.each([
    ['a key seen twice', '{"op":"mcm","pt":1,"pt":2,"mc":[]}'],
    ['a string with an escape', '{"op":"mcm","pt":1,"clk":"A\\u0041","mc":[]}'],
    ['a price off the ladder', ladderLine('[[1.015,2]]')],
    ['a negative size', ladderLine('[[2,-1]]')],
    ['an entry of three numbers', ladderLine('[[2,1,0]]')],
    ['whitespace inside a ladder', ladderLine('[[2, 1]]')],
    ['a leading zero', ladderLine('[[02,1]]')],
    ['an unknown key', '{"op":"mcm","pt":1,"mc":[{"id":"1.5","rc":[{"id":7,"spn":3}]}]}'],
    ['a runner without an id', '{"op":"mcm","pt":1,"mc":[{"id":"1.5","rc":[{"ltp":3}]}]}'],
    ['a bad definition', '{"op":"mcm","pt":1,"mc":[{"id":"1.5","marketDefinition":{"runners":[]}}]}'],
    ['text after the object', '{"op":"mcm","pt":1,"mc":[]} x'],
    ['another op', '{"op":"ccm","pt":1,"cc":[]}'],
    ['no pt', '{"op":"mcm","mc":[]}'],
  ])('%s', (_, text) => {
    expect(scanMarketChangeLine(text)).toBeNull();
    expect(parseLineToFold(text)).toEqual(parseLine(text));
  });

  it('but reads whitespace between keys, like JSON.parse', () => {
    const text = ' { "op" : "mcm", "pt" : 1 , "mc" : [ ] }\r';
    expect(scanMarketChangeLine(text)?.pt).toBe(1);
  });
});

function ladderLine(atb: string): string {
  return `{"op":"mcm","pt":1,"mc":[{"id":"1.5","rc":[{"id":7,"atb":${atb}}]}]}`;
}

describe('numberAt', () => {
  it('reads every number as JSON.parse does', () => {
    const texts = ['0', '-0', '1.01', '1000', '13002', '0.05', '18.62', '2.5e3', '1E-7', '-12.125'];
    texts.push('123456789012345', '1234567890123456789', '0.1234567890123456789', '9007199254740993');
    let seed = 3;
    for (let index = 0; index < 2_000; index += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      const digits = String(seed);
      const point = seed % (digits.length + 1);
      texts.push(
        point === digits.length ? digits : `${digits.slice(0, point) || '0'}.${digits.slice(point)}`,
      );
    }
    for (const text of texts) expect(Object.is(numberAt(`${text},`, 0), JSON.parse(text))).toBe(true);
    expect(numberAt('.5', 0)).toBeNaN();
    expect(numberAt('1.', 0)).toBeNaN();
    expect(numberAt('-', 0)).toBeNaN();
  });
});
