import { afterEach, describe, expect, it } from 'vitest';
import {
  CASINO_URL,
  HOME_URL,
  launchGame,
  OPERATOR_KEY,
  startCasino,
  TOKEN,
  type Harness,
} from '../test/casino-harness.ts';

let casino: Harness;
afterEach(() => casino?.close());

const body = {
  token: TOKEN,
  gameId: 22001,
  playerId: 'p-1',
  playerName: 'Demo',
  currency: 'PTS',
  homeUrl: HOME_URL,
};

describe('POST /operator/launch', () => {
  it('answers the game page address with the token and the encoded home url', async () => {
    casino = await startCasino();
    const response = await launchGame(casino, 22001);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: `${CASINO_URL}/play/22001?token=${TOKEN}&home_url=${encodeURIComponent(HOME_URL)}`,
    });
    expect(casino.store.session(TOKEN)).toMatchObject({
      gameId: '22001',
      playerId: 'player-1',
      homeUrl: HOME_URL,
    });
  });

  it('refuses a missing or wrong operator key with 401 before reading the body', async () => {
    casino = await startCasino();
    for (const authorization of [undefined, 'Bearer wrong-key', `Basic ${OPERATOR_KEY}`, OPERATOR_KEY]) {
      const response = await casino.app.inject({
        method: 'POST',
        url: '/operator/launch',
        headers: authorization ? { authorization } : {},
        payload: { not: 'a launch' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_OPERATOR_KEY' });
    }
    expect(casino.store.session(TOKEN)).toBeUndefined();
  });

  it('answers 404 {message, code} for a game the catalogue does not have', async () => {
    casino = await startCasino();
    const response = await launchGame(casino, 'no-such-game');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: expect.stringContaining('no-such-game'),
      code: 'GAME_NOT_FOUND',
    });
  });

  it('refuses malformed launches with 400 and a message', async () => {
    casino = await startCasino();
    const bad = [
      { ...body, token: 'short' },
      { ...body, token: 'has spaces in the token value' },
      { ...body, homeUrl: 'javascript:alert(1)' },
      { ...body, playerName: 'nul\u0000name' },
      { ...body, currency: 'points' },
      { ...body, gameId: -5 },
    ];
    for (const payload of bad) {
      const response = await casino.app.inject({
        method: 'POST',
        url: '/operator/launch',
        headers: { authorization: `Bearer ${OPERATOR_KEY}` },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid /);
    }
  });

  it('is idempotent for the same token and refuses the token for another game', async () => {
    casino = await startCasino();
    expect((await launchGame(casino, 22001)).statusCode).toBe(200);
    expect((await launchGame(casino, 22001)).statusCode).toBe(200);
    const other = await launchGame(casino, 9013);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'TOKEN_IN_USE' });
  });

  it('keeps launches across a restart', async () => {
    casino = await startCasino();
    await launchGame(casino, 22001);
    casino = await casino.restart();
    expect(casino.store.session(TOKEN)).toMatchObject({ gameId: '22001' });
  });
});
