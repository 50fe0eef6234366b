import { describe, expect, it } from 'vitest';
import type { CatalogueResponse } from '@backlay/contracts';
import type { LaunchedGame } from '../../lib/launch-store.ts';
import { frameableGame, gameName, playedGameId } from './frame-url.ts';

const GAME = 'http://casino.test/play/dice?token=t1&home_url=x';
const launched = (url: string): LaunchedGame | null => (url === GAME ? { url, returnTo: '/home' } : null);

describe('frameableGame', () => {
  it('answers a game page launched in this tab', () => {
    expect(frameableGame(GAME, launched)).toEqual({ url: GAME, returnTo: '/home' });
  });

  it.each([
    ['no parameter', null],
    ['an empty one', ''],
    ['a page never launched here', 'https://evil.test/play/dice?token=t1'],
    ['another token on the same aggregator', 'http://casino.test/play/dice?token=t2'],
    ['a relative address', '/play/dice?token=t1'],
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<p>hi</p>'],
    ['text that is no address', 'not a url'],
  ])('refuses %s', (_name, raw) => {
    expect(frameableGame(raw, launched)).toBeNull();
  });

  it('refuses a launched address that is not http(s)', () => {
    const anything = (url: string): LaunchedGame => ({ url, returnTo: '/home' });
    expect(frameableGame('javascript:alert(1)', anything)).toBeNull();
    expect(frameableGame('ftp://casino.test/play/dice', anything)).toBeNull();
  });
});

describe('playedGameId', () => {
  it('reads the id after /play/', () => {
    expect(playedGameId('http://casino.test/play/22001?token=t')).toBe('22001');
    expect(playedGameId('http://casino.test/play/a%20b')).toBe('a b');
  });

  it('is null for another page', () => {
    expect(playedGameId('http://casino.test/verify?x=1')).toBeNull();
  });
});

describe('gameName', () => {
  const item = (id: string | number, name: string) => ({ id, name, img: 'x.svg', category: 'slot' as const });
  const catalogue: CatalogueResponse = {
    jili: [item('abc', 'Super Ace')],
    spribe: [item('dice', 'Dice')],
    jdb: [{ ...item(22001, 'Aviator'), provider: 'jdb' as const, gType: 22 }],
  };

  it('finds the name by the id in the address, numeric ids included', () => {
    expect(gameName('http://casino.test/play/dice?token=t', catalogue)).toBe('Dice');
    expect(gameName('http://casino.test/play/22001?token=t', catalogue)).toBe('Aviator');
  });

  it('is null for an unknown id or without the catalogue', () => {
    expect(gameName('http://casino.test/play/nope', catalogue)).toBeNull();
    expect(gameName('http://casino.test/play/dice', undefined)).toBeNull();
  });
});
