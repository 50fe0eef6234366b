import { describe, expect, it } from 'vitest';
import { CatalogueFormatError, parseCatalogue } from './catalogue.ts';
import { detectFileKind } from './file-kind.ts';
import { recordingLines } from './test-support/recordings.ts';

describe('detectFileKind', () => {
  it('tells a stream, sports data and a catalogue from their first bytes', () => {
    expect(detectFileKind('{"op":"mcm","pt":1,"mc":[]}\n{"op":"mcm"')).toBe('stream');
    expect(detectFileKind('\ufeff  {"clk":"1","op":"ccm","pt":1,"cc":[]}\n')).toBe('sports-data');
    expect(detectFileKind('{"marketId":"1.2","marketName":"Match Odds","runners":[]}')).toBe('catalogue');
    expect(detectFileKind('[{"marketId":"1.2","marketName":"Match Odds","runners":[]}]')).toBe('catalogue');
  });

  it('looks past the connection and status lines a live recorder keeps', () => {
    const preamble =
      '{"op":"connection","connectionId":"1"}\n{"op":"status","id":1,"statusCode":"SUCCESS"}\n';
    expect(detectFileKind(`${preamble}{"op":"mcm","pt":1,"mc":[]}\n`)).toBe('stream');
    expect(detectFileKind(`${preamble}{"op":"ocm","pt":1}\n{"op":"mcm","pt":1}\n`)).toBeNull();
  });

  it('recognises a first line the head cuts short by its leading op', () => {
    const line = recordingLines('betfairlightweight/streaming_mcm_SUB_IMAGE_no_market_def.json')[0]!;
    expect(detectFileKind(line.slice(0, 65_536))).toBe('stream');
    expect(detectFileKind('{"clk":"A","pt":1,"mc":[{"id":"1.2","note":"\\"op\\":\\"mcm\\""')).toBeNull();
  });

  it('recognises a pretty-printed or cut catalogue by its keys', () => {
    const pretty = JSON.stringify([{ marketId: '1.2', marketName: 'Win', runners: [] }], null, 2);
    expect(detectFileKind(pretty)).toBe('catalogue');
    expect(detectFileKind(pretty.slice(0, 60))).toBe('catalogue');
  });

  it('calls other JSON, text and binary noise unknown', () => {
    expect(detectFileKind('{"op":"status","statusCode":"SUCCESS"}')).toBeNull();
    expect(detectFileKind('{"a":1}')).toBeNull();
    expect(detectFileKind('[1,2,3]')).toBeNull();
    expect(detectFileKind('MIT License\n\nCopyright')).toBeNull();
    expect(detectFileKind('')).toBeNull();
    expect(detectFileKind('{"op":"mcm"\u0000\u0001\u0002')).toBeNull();
    expect(detectFileKind('\ufffd\ufffd{"op":"mcm"}')).toBeNull();
  });
});

describe('parseCatalogue', () => {
  const recorded = recordingLines('flumine/catalogues/1.197931750.json').join('\n');

  it('reads a recorded listMarketCatalogue entry', () => {
    const [entry, ...rest] = parseCatalogue(recorded);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      marketId: '1.197931750',
      marketName: 'OR 280m',
      marketStartTime: '2022-04-19T18:26:00.000Z',
      event: { id: '31389771', name: 'Sheffield 19th Apr', countryCode: 'GB', venue: 'Sheffield' },
      eventType: { id: '4339', name: 'Greyhound Racing' },
    });
    expect(entry?.description?.marketType).toBe('WIN');
    expect(entry?.runners).toHaveLength(6);
    expect(entry?.runners[1]).toEqual({
      selectionId: 37947503,
      runnerName: '2. Sandwood Jet',
      sortPriority: 2,
      handicap: 0,
      metadata: { runnerId: '37947503' },
    });
  });

  it('reads an array and one entry a line', () => {
    const place = recordingLines('flumine/catalogues/1.197931751.json').join('\n').trim();
    const both = [JSON.parse(recorded), JSON.parse(place)];
    expect(parseCatalogue(JSON.stringify(both)).map((entry) => entry.marketId)).toEqual([
      '1.197931750',
      '1.197931751',
    ]);
    expect(parseCatalogue(`${recorded.trim()}\n${place}\n`).map((entry) => entry.marketName)).toEqual([
      'OR 280m',
      'To Be Placed',
    ]);
  });

  it('refuses what is not a catalogue, naming the entry', () => {
    expect(() => parseCatalogue('nonsense')).toThrow(CatalogueFormatError);
    expect(() =>
      parseCatalogue('[{"marketId":"1.2","marketName":"Win","runners":[{"runnerName":"A"}]}]'),
    ).toThrow('catalogue entry 1 runner 1 has no numeric selectionId');
    expect(() => parseCatalogue('[{"marketId":"1.2","runners":[]}]')).toThrow(
      'catalogue entry 1 marketName is not text',
    );
  });
});
