import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaceBetBody } from '@backlay/contracts';
import { placeBet } from './place-bet.ts';
import { cancelBet } from './cancel-bet.ts';
import { cashOut } from './cash-out.ts';

const order: PlaceBetBody = {
  marketId: 'cricket-a-1/match-odds',
  runnerId: 'home',
  side: 'BACK',
  price: 2.02,
  stake: '100',
  clientRef: 'slip-1',
};

/** What each call sent; answers and refusals are the shared request's (lib/betting/request.test.ts). */
async function sent(call: () => Promise<unknown>): Promise<{ path: string; init: RequestInit }> {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  await call();
  const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { path, init };
}

describe('bets API calls of the exchange', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the order as JSON to the bets API', async () => {
    const { path, init } = await sent(() => placeBet(order));
    expect(path).toBe('/api/bets');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(order);
  });

  it('encodes the ids of cancel and cash out (market ids hold a slash)', async () => {
    const cancel = await sent(() => cancelBet('b/1'));
    expect(cancel.path).toBe('/api/bets/b%2F1');
    expect(cancel.init.method).toBe('DELETE');
    expect(cancel.init.body).toBeUndefined();
    const cashing = await sent(() => cashOut('cricket-a-1/match-odds'));
    expect(cashing.path).toBe('/api/markets/cricket-a-1%2Fmatch-odds/cash-out');
    expect(cashing.init.method).toBe('POST');
  });
});
