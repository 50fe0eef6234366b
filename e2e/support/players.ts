import { apiCall, apiLogin, type Session } from './browser.ts';

export type PlayerWithPassword = { session: Session; id: string; email: string; password: string };

/**
 * A player the operator opens with a password and an opening credit, signed in through the API. A demo
 * player has no password, which some flows need (signing in again, confirming a self-exclusion).
 */
export async function createPlayer(operator: Session, openingCredit: string): Promise<PlayerWithPassword> {
  const email = `p${Date.now()}${Math.floor(Math.random() * 1e6)}@e2e.local`;
  const password = 'player-pass';
  const created = await apiCall<{ player: { id: string } }>(operator.token, 'POST', '/api/admin/players', {
    email,
    password,
    name: 'E2E Player',
    openingCredit,
  });
  return { session: await apiLogin(email, password), id: created.player.id, email, password };
}
