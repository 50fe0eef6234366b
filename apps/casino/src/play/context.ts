import { ok, reject, type Rejection, type Result } from '@backlay/rejections';
import { gameById, type GameDescriptor } from '../games/catalogue-games.ts';
import type { CasinoStore } from '../state/store.ts';
import { playerGameKey, type Session } from '../state/types.ts';

export type PlayContext = { readonly session: Session; readonly game: GameDescriptor; readonly key: string };

export const busy = (): Rejection =>
  reject(
    'rate_limited',
    'TOO_MANY_REQUESTS',
    'Too many requests for this game at once; wait for the last one.',
  );

/** The launch behind a token, with its game. */
export function contextOf(store: CasinoStore, token: string): Result<PlayContext> {
  const session = store.session(token);
  if (session === undefined) {
    return reject(
      'unauthorized',
      'INVALID_SESSION',
      'This game session is not known. Open the game again from the portal.',
    );
  }
  const game = gameById(session.gameId);
  if (game === undefined) return reject('not_found', 'GAME_NOT_FOUND', 'This game is no longer offered.');
  return ok({ session, game, key: playerGameKey(session.playerId, session.gameId) });
}
