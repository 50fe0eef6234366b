import { describe, expect, it, vi } from 'vitest';
import { launchGame, launchJdbGame, type LaunchDeps } from './game-launch.ts';
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
    logError: vi.fn(),
    homeUrl: () => 'http://portal.test/#/home',
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
  });

  it('posts gameId, unique_code and home_url, then leaves for the launch url', async () => {
    const d = deps();
    d.post.mockResolvedValue({ code: 0, msg: 'ok', payload: { game_launch_url: 'http://casino/x' } });
    expect(await launchGame('abc', d)).toBe(true);
    expect(d.post.mock.calls[0]?.slice(0, 2)).toEqual([
      '/casino/get-game-url',
      { gameId: 'abc', unique_code: 'UC1', home_url: 'http://portal.test/#/home' },
    ]);
    expect(d.setLaunching).toHaveBeenCalledWith(true);
    expect(d.leaveTo).toHaveBeenCalledWith('http://casino/x');
  });

  it('logs a failure and removes the overlay', async () => {
    const d = deps();
    d.post.mockResolvedValue({ code: 1, msg: 'nope', payload: null });
    expect(await launchGame(1, d)).toBe(false);
    expect(d.logError).toHaveBeenCalled();
    expect(d.setLaunching).toHaveBeenLastCalledWith(false);
    expect(d.leaveTo).not.toHaveBeenCalled();
  });

  it('launches the Aviator through jdbgamelink with the token', async () => {
    const d = deps();
    d.post.mockResolvedValue({ gameLink: 'http://jdb/g' });
    expect(await launchJdbGame({ gameId: 22001, gType: 22 }, d)).toBe(true);
    expect(d.post.mock.calls[0]?.slice(0, 2)).toEqual([
      '/api/jdbgamelink',
      { auth: 'tok', gameId: 22001, gType: 22 },
    ]);
    expect(d.leaveTo).toHaveBeenCalledWith('http://jdb/g');
  });

  it('logs a rejected request', async () => {
    const d = deps();
    d.post.mockRejectedValue(new Error('500'));
    expect(await launchJdbGame({ gameId: 22001, gType: 22 }, d)).toBe(false);
    expect(d.logError).toHaveBeenCalled();
    expect(d.setLaunching).toHaveBeenLastCalledWith(false);
  });
});
