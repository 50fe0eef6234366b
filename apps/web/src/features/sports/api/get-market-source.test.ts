import { afterEach, describe, expect, it, vi } from 'vitest';
import { sourceBook } from '../source-fixtures.ts';
import { getMarketSource, newerBook } from './get-market-source.ts';

describe('the source book call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the book of a mirrored market at its encoded path', async () => {
    const book = sourceBook([]);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(book), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getMarketSource('bf/1.1')).toEqual(book);
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe('/api/markets/bf%2F1.1/source');
  });

  it('answers null for a market without a source (404) and throws other failures', async () => {
    const notMirrored = { message: 'The market has no source.', code: 'NOT_MIRRORED' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(notMirrored), { status: 404 })),
    );
    expect(await getMarketSource('sim-1')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await expect(getMarketSource('sim-1')).rejects.toThrow();
  });

  it('keeps the copy the source published last', () => {
    const older = sourceBook([], { pt: 1 });
    const newer = sourceBook([], { pt: 2 });
    expect(newerBook(older, newer)).toBe(newer);
    expect(newerBook(newer, older)).toBe(newer);
    expect(newerBook(null, older)).toBe(older);
    expect(newerBook(older, null)).toBe(older);
  });
});
