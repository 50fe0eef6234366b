import { describe, expect, it, vi } from 'vitest';
import { ApiError, ApiResponseError } from './api-client.ts';
import {
  LAUNCH_FAILURE_TEXT,
  launchFailureText,
  launchGame,
  launchJdbGame,
  returnPath,
  staysOnPage,
  type LaunchDeps,
} from './game-launch.ts';
import type { Session } from './session.ts';

const session: Session = {
  token: 'tok',
  user: { id: 'u1', unique_code: 'UC1', email: 'a@b.co', name: 'Ann', role: 'player' },
};

function deps(overrides: Partial<LaunchDeps> = {}) {
  const base = {
    session: () => session,
    post: vi.fn(),
    leaveTo: vi.fn(),
    alert: vi.fn(),
    setLaunching: vi.fn(),
    showFailure: vi.fn(),
    logError: vi.fn(),
    homeUrl: () => 'http://portal.test/#/home',
    currentUrl: () => 'http://portal.test/#/home',
    rememberGame: vi.fn(),
  };
  return { ...base, ...overrides } as LaunchDeps & typeof base;
}

describe('game launch', () => {
  it('alerts and makes no call without a token', async () => {
    const d = deps({ session: () => null });
    expect(await launchGame(5, d)).toBe(false);
    expect(d.alert).toHaveBeenCalledWith('Please log in to play the game.');
    expect(d.post).not.toHaveBeenCalled();
    expect(d.setLaunching).not.toHaveBeenCalled();
    expect(d.showFailure).not.toHaveBeenCalled();
  });

  it('posts gameId, unique_code and home_url, then opens the game page in the frame page', async () => {
    const d = deps({ currentUrl: () => 'http://portal.test/#/slot-game' });
    d.post.mockResolvedValue({ code: 0, msg: 'ok', payload: { game_launch_url: 'http://casino/x?token=t' } });
    expect(await launchGame('abc', d)).toBe(true);
    expect(d.post.mock.calls[0]?.slice(0, 2)).toEqual([
      '/casino/get-game-url',
      { gameId: 'abc', unique_code: 'UC1', home_url: 'http://portal.test/#/home' },
    ]);
    expect(d.setLaunching).toHaveBeenCalledWith(true);
    expect(d.rememberGame).toHaveBeenCalledWith({ url: 'http://casino/x?token=t', returnTo: '/slot-game' });
    expect(d.leaveTo).toHaveBeenCalledWith(
      `http://portal.test/#/play?url=${encodeURIComponent('http://casino/x?token=t')}`,
    );
    // Only the hash changes, so no unload ends the overlay.
    expect(d.setLaunching).toHaveBeenLastCalledWith(false);
  });

  it('ends the overlay when the launch only moves within the portal (the shared sports id)', async () => {
    const d = deps();
    d.post.mockResolvedValue({
      code: 0,
      msg: 'ok',
      payload: { game_launch_url: 'http://portal.test/#/cricket' },
    });
    expect(await launchGame('sports', d)).toBe(true);
    expect(d.leaveTo).toHaveBeenCalledWith('http://portal.test/#/cricket');
    expect(d.rememberGame).not.toHaveBeenCalled();
    expect(d.setLaunching).toHaveBeenLastCalledWith(false);
  });

  it('shows a refused launch in words and removes the overlay', async () => {
    const d = deps();
    d.post.mockResolvedValue({ code: 1, msg: 'nope', payload: null });
    expect(await launchGame(1, d)).toBe(false);
    expect(d.logError).toHaveBeenCalled();
    expect(d.setLaunching).toHaveBeenLastCalledWith(false);
    expect(d.showFailure).toHaveBeenCalledWith(LAUNCH_FAILURE_TEXT.other);
    expect(d.leaveTo).not.toHaveBeenCalled();
  });

  it('tells the player when the game provider is down (502 CASINO_UNAVAILABLE)', async () => {
    const d = deps();
    d.post.mockRejectedValue(new ApiError(502, 'The casino is unavailable.', 'Bad Gateway'));
    expect(await launchGame('abc', d)).toBe(false);
    expect(d.showFailure).toHaveBeenCalledWith(LAUNCH_FAILURE_TEXT.unavailable);
  });

  it('launches the Aviator through jdbgamelink with the token', async () => {
    const d = deps();
    d.post.mockResolvedValue({ gameLink: 'http://jdb/g' });
    expect(await launchJdbGame({ gameId: 22001, gType: 22 }, d)).toBe(true);
    expect(d.post.mock.calls[0]?.slice(0, 2)).toEqual([
      '/api/jdbgamelink',
      { auth: 'tok', gameId: 22001, gType: 22 },
    ]);
    expect(d.leaveTo).toHaveBeenCalledWith(
      `http://portal.test/#/play?url=${encodeURIComponent('http://jdb/g')}`,
    );
  });

  it('shows a failed Aviator launch instead of dropping it', async () => {
    const d = deps();
    d.post.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await launchJdbGame({ gameId: 22001, gType: 22 }, d)).toBe(false);
    expect(d.logError).toHaveBeenCalled();
    expect(d.setLaunching).toHaveBeenLastCalledWith(false);
    expect(d.showFailure).toHaveBeenCalledWith(LAUNCH_FAILURE_TEXT.network);
  });
});

describe('launch failure text', () => {
  it.each([
    [403, LAUNCH_FAILURE_TEXT.forbidden],
    [404, LAUNCH_FAILURE_TEXT.notFound],
    [502, LAUNCH_FAILURE_TEXT.unavailable],
    [504, LAUNCH_FAILURE_TEXT.unavailable],
    [400, LAUNCH_FAILURE_TEXT.other],
    [500, LAUNCH_FAILURE_TEXT.other],
  ])('words a %i answer', (status, text) => {
    expect(launchFailureText(new ApiError(status, 'server words', 'x'))).toBe(text);
  });

  it('says nothing for a 401: the player is already on the way to the login page', () => {
    expect(launchFailureText(new ApiError(401, null, 'Unauthorized'))).toBeNull();
  });

  it('words a network failure and an unreadable answer', () => {
    expect(launchFailureText(new TypeError('Failed to fetch'))).toBe(LAUNCH_FAILURE_TEXT.network);
    expect(launchFailureText(new ApiResponseError('/casino/get-game-url'))).toBe(LAUNCH_FAILURE_TEXT.other);
  });
});

describe('staysOnPage', () => {
  const here = 'http://portal.test/#/home';
  it('is true when only the hash changes', () => {
    expect(staysOnPage('http://portal.test/#/cricket', here)).toBe(true);
    expect(staysOnPage('#/cricket', here)).toBe(true);
  });
  it('is false for another origin, path or query', () => {
    expect(staysOnPage('http://casino.test/play/1?token=a', here)).toBe(false);
    expect(staysOnPage('http://portal.test/play/1', here)).toBe(false);
    expect(staysOnPage('http://portal.test/?x=1#/cricket', here)).toBe(false);
  });
});

describe('returnPath', () => {
  it('is the hash path the launch started from', () => {
    expect(returnPath('http://portal.test/#/f-games?x=1')).toBe('/f-games?x=1');
  });
  it('is home without a hash path or from the frame page itself', () => {
    expect(returnPath('http://portal.test/')).toBe('/home');
    expect(returnPath('http://portal.test/#/play?url=x')).toBe('/home');
  });
});
