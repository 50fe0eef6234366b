import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError, withQuery } from './http.ts';

describe('withQuery', () => {
  it('keeps the values that are set, in order, encoded', () => {
    expect(withQuery('/api/admin/bets', { player: 'a b', market: '', cursor: null, limit: 50 })).toBe(
      '/api/admin/bets?player=a+b&limit=50',
    );
    expect(withQuery('/api/admin/audit', { actor: undefined })).toBe('/api/admin/audit');
  });
});

describe('http', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("throws the server's own message and code on a refusal", async () => {
    const body = {
      message: 'A viewer may not do this; it needs the role owner or support.',
      code: 'FORBIDDEN',
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 403 }));
    const failure = await http('/api/admin/players/1/deposit', { method: 'POST' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 403, message: body.message, code: 'FORBIDDEN' });
  });

  it('sends `{}` as the body of a bodiless POST and none with a GET', async () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);
    await http('/api/logout', { method: 'POST' });
    await http('/api/admin/staff');
    const calls = fetchSpy.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[1].body).toBe('{}');
    expect(calls[1]?.[1].body).toBeUndefined();
  });
});
