import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openCasinoSession } from '../../apps/server/src/modules/casino/index.ts';
import { HttpClient, jsonOf } from './http.ts';

export type Player = { id: string; token: string; casinoToken: string };

export const ADMIN = { email: 'chaos-admin@backlay.local', password: 'chaos-admin-password' };
const PLAYER_PASSWORD = 'chaos-player-1';
const OPENING_CREDIT = '500000.00';
/** The aggregator's game the callbacks name (as bench:casino does). */
export const CASINO_GAME_ID = 22001;

/**
 * Players made the way a cash desk makes them, over HTTP through the balancer: the operator signs in,
 * opens each account with an opening credit, and each player signs in. Casino launch tokens are written
 * straight to the database (what the launch route does before it calls the aggregator), so the run
 * needs no browser and no game page.
 */
export async function createPlayers(client: HttpClient, pool: pg.Pool, count: number): Promise<Player[]> {
  const admin = jsonOf<{ access_token: string }>(
    await client.post('/api/loginUser', ADMIN),
    'operator sign-in',
  );
  const desk = { authorization: `Bearer ${admin.access_token}` };
  const run = randomBytes(3).toString('hex');
  const players: Player[] = [];
  const sql = {
    query: async (text: string, params?: readonly unknown[]) =>
      (await pool.query(text, params as unknown[])).rows,
    exec: async () => {},
  };
  for (let index = 0; index < count; index++) {
    const email = `chaos-${run}-${index}@chaos.local`;
    const created = await client.post(
      '/api/admin/players',
      { email, password: PLAYER_PASSWORD, name: `Chaos ${index}`, openingCredit: OPENING_CREDIT },
      desk,
    );
    jsonOf(created, `creating player ${email}`);
    const session = jsonOf<{ access_token: string; user: { id: string } }>(
      await client.post('/api/loginUser', { email, password: PLAYER_PASSWORD }),
      `signing in ${email}`,
    );
    const casinoToken = await openCasinoSession(sql, {
      playerId: session.user.id,
      gameId: CASINO_GAME_ID,
      nowMs: Date.now(),
      ttlMs: 6 * 60 * 60 * 1000,
    });
    players.push({ id: session.user.id, token: session.access_token, casinoToken });
  }
  return players;
}
