import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { ApiResponseError, createHttpClient, jsonRequest, withQuery } from './http-client.ts';

describe('jsonRequest', () => {
  it('sends JSON headers, the bearer token and the routing key it starts with', () => {
    expect(jsonRequest('POST', { a: 1 }, 'ab12.tok')).toEqual({
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: 'Bearer ab12.tok',
        'X-Routing-Key': 'ab12',
      },
      body: '{"a":1}',
    });
    expect(jsonRequest('GET', undefined, null).headers).not.toHaveProperty('Authorization');
  });

  it('sends the page’s own routing key without a token, or with one minted before keys', () => {
    const signedOut = jsonRequest('POST', undefined, null).headers['X-Routing-Key'];
    expect(signedOut).toMatch(/^[0-9a-f]{4}$/);
    expect(jsonRequest('GET', undefined, 'old-token-without-a-slot').headers['X-Routing-Key']).toBe(
      signedOut,
    );
  });

  it('sends `{}` for a bodiless POST, PUT or PATCH, and no body nor JSON type for a GET or DELETE', () => {
    expect(jsonRequest('POST', undefined, null).body).toBe('{}');
    expect(jsonRequest('PATCH', undefined, null).body).toBe('{}');
    for (const method of ['GET', 'DELETE'] as const) {
      const init = jsonRequest(method, undefined, 't');
      expect(init.body).toBeUndefined();
      expect(init.headers).not.toHaveProperty('Content-Type');
    }
  });
});

describe('withQuery', () => {
  it('keeps the values that are set, in order, encoded', () => {
    expect(withQuery('/api/admin/bets', { player: 'a b', market: '', cursor: null, limit: 50 })).toBe(
      '/api/admin/bets?player=a+b&limit=50',
    );
    expect(withQuery('/api/admin/audit', { actor: undefined })).toBe('/api/admin/audit');
  });
});

describe('createHttpClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  function client(token: string | null = 'tok') {
    const onUnauthorized = vi.fn();
    return {
      onUnauthorized,
      http: createHttpClient({ token: () => token, onUnauthorized, basePath: '/base' }),
    };
  }

  const answer = (status: number, body: unknown) => {
    const fetchMock = vi.fn(
      async () => new Response(body === null ? null : JSON.stringify(body), { status }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it("throws the server's own message and code on a refusal, keeping the session", async () => {
    const body = {
      message: 'A viewer may not do this; it needs the role owner or support.',
      code: 'FORBIDDEN',
    };
    answer(403, body);
    const { http, onUnauthorized } = client();
    const failure = await http('/api/admin/players/1/deposit', { method: 'POST' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: body.message, code: 'FORBIDDEN' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('says the status when the refusal is not JSON', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client().http('/api/me')).rejects.toMatchObject({ message: '502 Bad Gateway', code: null });
  });

  it('ends the session on a 401 unless the call expects one', async () => {
    answer(401, { message: 'Sign in again' });
    const { http, onUnauthorized } = client();
    await expect(http('/api/logout', { method: 'POST', keepSessionOn401: true })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(http('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("calls under the base path with the session's token, or the one given, and parses the answer", async () => {
    const fetchMock = answer(200, { ok: true });
    const schema = { safeParse: (input: unknown) => ({ success: true as const, data: input }) };
    const { http } = client();
    expect(await http('/api/x', { schema })).toEqual({ ok: true });
    await http('/api/x', { schema, token: 'other' });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[0]).toBe('/base/api/x');
    expect(calls[0]?.[1].headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(calls[1]?.[1].headers).toMatchObject({ Authorization: 'Bearer other' });
  });

  it('refuses an answer of the wrong shape', async () => {
    answer(200, { ok: 'yes' });
    const schema = { safeParse: () => ({ success: false as const }) };
    await expect(client().http('/api/x', { schema })).rejects.toBeInstanceOf(ApiResponseError);
  });
});
