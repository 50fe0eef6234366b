import { afterEach, describe, expect, it, vi } from 'vitest';
import { betResponseSchema } from '@backlay/contracts';
import { getSession, saveSession } from '../session.ts';
import { NETWORK_ERROR_TEXT } from './error-messages.ts';
import { betRequest } from './request.ts';

const bet = {
  id: 'b1',
  marketId: 'cricket-a-1/match-odds',
  runnerId: 'home',
  side: 'BACK',
  price: 2.02,
  stake: '100.00',
  matched: '100.00',
  unmatched: '0.00',
  avgPrice: 2.02,
  status: 'MATCHED',
  placedAt: '2026-11-23T10:00:00.000Z',
};

const order = { marketId: 'cricket-a-1/match-odds', runnerId: 'home', side: 'BACK', stake: '100' };
const post = { method: 'POST', body: order, schema: betResponseSchema } as const;

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('bet requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the body as JSON and answers the parsed value', async () => {
    const fetchMock = answer(201, { bet });
    expect(await betRequest('/api/bets', post)).toEqual({ ok: true, value: { bet } });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/bets');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(order);
  });

  it('sends `{}` for a POST without a body, and no body nor JSON type for a DELETE', async () => {
    const fetchMock = answer(200, { bet });
    await betRequest('/api/markets/m/cash-out', { method: 'POST', schema: betResponseSchema });
    await betRequest('/api/bets/b1', { method: 'DELETE', schema: betResponseSchema });
    const [postInit, deleteInit] = fetchMock.mock.calls.map(
      (call) => (call as unknown as [string, RequestInit])[1],
    );
    expect(postInit?.body).toBe('{}');
    expect(deleteInit?.body).toBeUndefined();
    expect(Object.keys(deleteInit?.headers as Record<string, string>)).not.toContain('Content-Type');
  });

  it('answers a refusal with its code and message instead of throwing', async () => {
    answer(422, { message: 'Not enough funds', code: 'INSUFFICIENT_FUNDS' });
    expect(await betRequest('/api/bets', post)).toEqual({
      ok: false,
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
      message: 'Not enough funds',
    });
  });

  it('answers a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await betRequest('/api/bets', post)).toEqual({
      ok: false,
      status: 0,
      code: null,
      message: NETWORK_ERROR_TEXT,
    });
  });

  it('refuses an answer of the wrong shape', async () => {
    answer(201, { bet: { id: 'b1' } });
    expect(await betRequest('/api/bets', post)).toMatchObject({ ok: false, status: 201, code: null });
  });

  it('ends the session when the token is refused', async () => {
    const user = { id: 'u1', unique_code: 'U1', email: 'a@b.c', name: 'A', role: 'player' } as const;
    saveSession('t', user);
    answer(401, { message: 'Sign in again' });
    expect(await betRequest('/api/bets', post)).toMatchObject({ ok: false, status: 401 });
    expect(getSession()).toBeNull();
  });
});
