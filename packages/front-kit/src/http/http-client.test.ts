import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { ApiResponseError, createHttpClient, jsonRequest, withQuery } from './http-client.ts';

describe('jsonRequest', () => {
  it('sends JSON headers and the bearer token', () => {
    expect(jsonRequest('POST', { a: 1 }, 'tok')).toEqual({
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: 'Bearer tok',
      },
      body: '{"a":1}',
    });
    expect(jsonRequest('GET', undefined, null).headers).not.toHaveProperty('Authorization');
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
    const session = { token: () => token, clear: vi.fn() };
    const onUnauthorized = vi.fn();
    return {
      session,
      onUnauthorized,
      http: createHttpClient({ session, basePath: '/base', onUnauthorized }),
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
    const { http, session } = client();
    const failure = await http('/api/admin/players/1/deposit', { method: 'POST' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: body.message, code: 'FORBIDDEN' });
    expect(session.clear).not.toHaveBeenCalled();
  });

  it('says the status when the refusal is not JSON', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client().http('/api/me')).rejects.toMatchObject({ message: '502 Bad Gateway', code: null });
  });

  it('ends the session on a 401 unless the call expects one', async () => {
    answer(401, { message: 'Sign in again' });
    const { http, session, onUnauthorized } = client();
    await expect(http('/api/logout', { method: 'POST', keepSessionOn401: true })).rejects.toThrow();
    expect(session.clear).not.toHaveBeenCalled();
    await expect(http('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(session.clear).toHaveBeenCalledOnce();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('calls under the base path with the given token and parses the answer', async () => {
    const fetchMock = answer(200, { ok: true });
    const schema = { safeParse: (input: unknown) => ({ success: true as const, data: input }) };
    expect(await client().http('/api/x', { schema, token: 'other' })).toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/base/api/x');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer other' });
  });

  it('refuses an answer of the wrong shape', async () => {
    answer(200, { ok: 'yes' });
    const schema = { safeParse: () => ({ success: false as const }) };
    await expect(client().http('/api/x', { schema })).rejects.toBeInstanceOf(ApiResponseError);
  });
});
