import { afterEach, describe, expect, it } from 'vitest';
import {
  dismissLaunchFailure,
  forgetLaunchedGames,
  getLaunchState,
  launchedGame,
  rememberLaunchedGame,
  setLaunching,
  showLaunchFailure,
} from './launch-store.ts';

describe('launch store', () => {
  afterEach(() => setLaunching(false));

  it('moves from idle to launching and back', () => {
    expect(getLaunchState()).toEqual({ phase: 'idle' });
    setLaunching(true);
    expect(getLaunchState()).toEqual({ phase: 'launching' });
    setLaunching(false);
    expect(getLaunchState()).toEqual({ phase: 'idle' });
  });

  it('keeps a failure until it is dismissed', () => {
    setLaunching(true);
    showLaunchFailure('The game provider is not answering.');
    expect(getLaunchState()).toEqual({ phase: 'failed', message: 'The game provider is not answering.' });
    dismissLaunchFailure();
    expect(getLaunchState()).toEqual({ phase: 'idle' });
  });

  it('does not let a dismissal end a launch that is under way', () => {
    setLaunching(true);
    dismissLaunchFailure();
    expect(getLaunchState()).toEqual({ phase: 'launching' });
  });
});

describe('launched games', () => {
  afterEach(() => forgetLaunchedGames());

  it('knows a game page only after a launch remembered it', () => {
    const url = 'http://casino.test/play/dice?token=t1';
    expect(launchedGame(url)).toBeNull();
    rememberLaunchedGame({ url, returnTo: '/home' });
    expect(launchedGame(url)).toEqual({ url, returnTo: '/home' });
    expect(launchedGame('http://casino.test/play/dice?token=t2')).toBeNull();
  });

  it('forgets every game at once', () => {
    rememberLaunchedGame({ url: 'http://casino.test/play/mines?token=t', returnTo: '/f-games' });
    forgetLaunchedGames();
    expect(launchedGame('http://casino.test/play/mines?token=t')).toBeNull();
  });
});
