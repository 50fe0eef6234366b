import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaceBetBody } from '@backlay/contracts';
import { placeBet } from './place-bet.ts';
import { cancelBet } from './cancel-bet.ts';
import { cashOut } from './cash-out.ts';

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

const order: PlaceBetBody = {
  marketId: 'cricket-a-1/match-odds',
  runnerId: 'home',
  side: 'BACK',
  price: 2.02,
  stake: '100',
  clientRef: 'slip-1',
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('bets API calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the order as JSON and answers the placed bet', async () => {
    const fetchMock = answer(201, { bet });
    const result = await placeBet(order);
    expect(result).toEqual({ ok: true, value: { bet } });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/bets');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(order);
  });

  it('answers a refusal with its code and message instead of throwing', async () => {
    answer(422, { message: 'Not enough funds', code: 'INSUFFICIENT_FUNDS' });
    expect(await placeBet(order)).toEqual({
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
    const result = await placeBet(order);
    expect(result).toMatchObject({ ok: false, status: 0, code: null });
  });

  it('refuses an answer of the wrong shape', async () => {
    answer(201, { bet: { id: 'b1' } });
    expect(await placeBet(order)).toMatchObject({ ok: false, status: 201, code: null });
  });

  it('encodes the ids of cancel and cash out (market ids hold a slash)', async () => {
    const fetchMock = answer(200, { bet });
    await cancelBet('b/1');
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/bets/b%2F1');
    expect(init.method).toBe('DELETE');
    expect(init.body).toBeUndefined();
    expect(Object.keys(init.headers as Record<string, string>)).not.toContain('Content-Type');
    answer(200, { bet, profitIfWin: '1.00', profitIfLose: '1.00' });
    const cashed = await cashOut('cricket-a-1/match-odds');
    expect(cashed.ok).toBe(true);
    const calls = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls;
    expect(calls[0]?.[0]).toBe('/api/markets/cricket-a-1%2Fmatch-odds/cash-out');
  });
});
