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
  it('accepts no event and a fixture id', () => {
    expect(parseSportsDetailUrl(url(''))).toEqual({ eventId: null });
    expect(parseSportsDetailUrl(url('?event=cricket-opwemv-16'))).toEqual({ eventId: 'cricket-opwemv-16' });
    expect(parseSportsDetailUrl(url('?event=horse-racing-a1-7'))).toEqual({ eventId: 'horse-racing-a1-7' });
  });

  it('rejects malformed ids', () => {
    const tooLong = `?event=cricket-${'a'.repeat(100)}`;
    for (const search of [
      '?event=abc',
      '?event=',
      '?event=Cricket-1',
      '?event=a--b',
      '?event=-a-1',
      tooLong,
    ]) {
      expect(() => parseSportsDetailUrl(url(search))).toThrow(Response);
    }
  });

  it('gives the router a 400 Bad Request error the error page shows', async () => {
    const state = await settle('?event=abc');
    const error = Object.values(state.errors ?? {})[0];
    expect(routeErrorMessage(error)).toBe('400 Bad Request');
    expect((await settle('?event=tennis-x1-7')).errors).toBeNull();
  });
});
