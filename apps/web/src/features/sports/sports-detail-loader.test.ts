import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { parseSportsDetailUrl } from './sports-detail-loader.ts';
import { routeErrorMessage } from '../../app/route-error.ts';

const url = (search: string) => new URL(`http://portal.test/sportsdetail${search}`);

async function settle(search: string) {
  const router = createMemoryRouter(
    [{ path: '/sportsdetail', loader: ({ request }) => parseSportsDetailUrl(new URL(request.url)) }],
    { initialEntries: [`/sportsdetail${search}`] },
  );
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  return router.state;
}

describe('sports detail loader', () => {
  it('accepts no event and a numeric event id', () => {
    expect(parseSportsDetailUrl(url(''))).toEqual({ eventId: null });
    expect(parseSportsDetailUrl(url('?event=123'))).toEqual({ eventId: '123' });
  });

  it('rejects malformed ids', () => {
    for (const search of ['?event=abc', '?event=', '?event=0', '?event=1.5', '?event=-1']) {
      expect(() => parseSportsDetailUrl(url(search))).toThrow(Response);
    }
  });

  it('gives the router a 400 Bad Request error the error page shows', async () => {
    const state = await settle('?event=abc');
    const error = Object.values(state.errors ?? {})[0];
    expect(routeErrorMessage(error)).toBe('400 Bad Request');
    expect((await settle('?event=7')).errors).toBeNull();
  });
});
