import { describe, expect, it } from 'vitest';
import { isRoutedPath, normalizePath, resolveAccess, showsShell } from './access.ts';
import { routedPaths } from '../paths.ts';

describe('resolveAccess', () => {
  it('shows the login screen at any path without a token', () => {
    for (const path of ['/', '/login', '/home', '/account', '/nowhere', '/main']) {
      expect(resolveAccess(path, false)).toEqual({ kind: 'login' });
    }
  });

  it('redirects / to /login with a token', () => {
    expect(resolveAccess('/', true)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('redirects unknown paths to /home with a token', () => {
    for (const path of ['/main', '/nowhere', '/home/extra', '/Avitar/x']) {
      expect(resolveAccess(path, true)).toEqual({ kind: 'redirect', to: '/home' });
    }
  });

  it('renders every routed path with a token, including /login', () => {
    for (const path of routedPaths) expect(resolveAccess(path, true)).toEqual({ kind: 'page' });
    expect(resolveAccess('/login', true)).toEqual({ kind: 'page' });
  });

  it('matches case-insensitively and ignores trailing slashes', () => {
    expect(resolveAccess('/Avitar', true)).toEqual({ kind: 'page' });
    expect(resolveAccess('/casinoresult/', true)).toEqual({ kind: 'page' });
    expect(normalizePath('///')).toBe('/');
    expect(isRoutedPath('/CasinoResult')).toBe(true);
  });

  it('routes every sidebar sport', () => {
    for (const path of ['/horse-racing', '/greyhound-racing', '/slot-game', '/fantasy-game', '/politics']) {
      expect(isRoutedPath(path)).toBe(true);
    }
    for (const path of ['/football', '/table-tennis', '/badminton', '/esoccer', '/basketball']) {
      expect(isRoutedPath(path)).toBe(true);
    }
    for (const path of ['/volleyball', '/snooker', '/ice-hockey', '/f-games', '/tennis', '/footbal']) {
      expect(isRoutedPath(path)).toBe(true);
    }
  });
});

describe('showsShell', () => {
  it('hides the shell only on /login', () => {
    expect(showsShell('/login')).toBe(false);
    expect(showsShell('/home')).toBe(true);
    expect(showsShell('/account')).toBe(true);
  });
});
