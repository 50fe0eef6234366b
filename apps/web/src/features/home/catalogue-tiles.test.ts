import { describe, expect, it, vi } from 'vitest';
import type { LaunchDeps } from '../../lib/game-launch.ts';
import { providerLists, startTileGame, tileLaunch, toTile } from './catalogue-tiles.ts';
import { providers } from './home-data.ts';

const jili = {
  name: 'Super Ace',
  id: '54eaec55dadb3bda1c22f6eb58fa662d',
  img: '/catalogue/thumbs/54eaec55dadb3bda1c22f6eb58fa662d.svg',
  category: 'slot',
} as const;
const jdb = {
  name: 'Lucky Dragons',
  id: 8001,
  img: '/catalogue/thumbs/8001.svg',
  category: 'slot',
  provider: 'jdb',
  gType: 0,
} as const;

function fakeDeps(): LaunchDeps & { post: ReturnType<typeof vi.fn> } {
  return {
    session: () => ({ token: 't0k', user: { id: 'u1', unique_code: 'U1', name: 'Demo' } }),
    post: vi
      .fn()
      .mockResolvedValue({ code: 0, payload: { game_launch_url: 'https://g' }, gameLink: 'https://g' }),
    leaveTo: vi.fn(),
    alert: vi.fn(),
    setLaunching: vi.fn(),
    logError: vi.fn(),
    homeUrl: () => 'https://portal/#/home',
  } as unknown as LaunchDeps & { post: ReturnType<typeof vi.fn> };
}

describe('catalogue tiles', () => {
  it('maps the home provider sections to the catalogue lists in order', () => {
    expect(providerLists.map((list) => list.label)).toEqual(providers);
    expect(providerLists.map((list) => list.key)).toEqual(['jili', 'spribe', 'jdb']);
  });

  it('keeps name, thumbnail and id of an item', () => {
    expect(toTile(jili)).toEqual({
      key: jili.id,
      name: 'Super Ace',
      img: jili.img,
      launch: { kind: 'game', gameId: jili.id },
    });
  });

  it('launches a JDB title with its numeric code and game type', () => {
    expect(tileLaunch(jdb)).toEqual({ kind: 'jdb', gameId: 8001, gType: 0 });
    expect(tileLaunch({ ...jdb, id: '8001' })).toEqual({ kind: 'jdb', gameId: 8001, gType: 0 });
  });

  it('launches a JDB item without a game type by catalogue id', () => {
    const { gType: _unused, ...withoutType } = jdb;
    expect(tileLaunch(withoutType)).toEqual({ kind: 'game', gameId: 8001 });
  });

  it('posts a JDB tile to /api/jdbgamelink and others to /casino/get-game-url', async () => {
    const deps = fakeDeps();
    await startTileGame(toTile(jdb).launch, deps);
    expect(deps.post.mock.calls[0]?.slice(0, 2)).toEqual([
      '/api/jdbgamelink',
      { auth: 't0k', gameId: 8001, gType: 0 },
    ]);
    await startTileGame(toTile(jili).launch, deps);
    expect(deps.post.mock.calls[1]?.slice(0, 2)).toEqual([
      '/casino/get-game-url',
      { gameId: jili.id, unique_code: 'U1', home_url: 'https://portal/#/home' },
    ]);
  });
});
