import type { z } from 'zod';
import { gameUrlResponseSchema, jdbGameLinkResponseSchema } from '@backlay/contracts';
import { apiRequest } from './api-client.ts';
import { getSession, type Session } from './session.ts';
import { setLaunching } from './launch-store.ts';
import { paths } from '../paths.ts';

export const LOGIN_TO_PLAY_TEXT = 'Please log in to play the game.';

/** The Aviator header link: a JDB game (apps/web/README.md, Server calls). */
export const AVIATOR_GAME = { gameId: 22001, gType: 22 } as const;

/**
 * The one game id every sports tab and the Lucky Sports button launch, the same shared sports game
 * (apps/web/README.md, Routes). It names the sportsbook game in the catalogue.
 */
export const SHARED_SPORTS_GAME_ID = 'sports';

export interface LaunchDeps {
  session: () => Session | null;
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>) => Promise<T>;
  leaveTo: (url: string) => void;
  alert: (message: string) => void;
  setLaunching: (value: boolean) => void;
  logError: (...args: unknown[]) => void;
  homeUrl: () => string;
}

export const browserLaunchDeps: LaunchDeps = {
  session: getSession,
  post: (path, body, schema) => apiRequest(path, { method: 'POST', body, schema }),
  leaveTo: (url) => window.location.assign(url),
  alert: (message) => window.alert(message),
  setLaunching,
  logError: (...args) => console.error(...args),
  homeUrl: () => `${window.location.origin}/#${paths.home}`,
};

async function runLaunch(deps: LaunchDeps, request: (session: Session) => Promise<string | undefined>) {
  const session = deps.session();
  if (!session) {
    deps.alert(LOGIN_TO_PLAY_TEXT);
    return false;
  }
  deps.setLaunching(true);
  try {
    const url = await request(session);
    if (!url) throw new Error('The launch answer carried no game url');
    deps.leaveTo(url);
    return true;
  } catch (error) {
    deps.logError('Game launch failed', error);
    deps.setLaunching(false);
    return false;
  }
}

/** Launches a catalogue game through `/casino/get-game-url`; resolves whether the browser is leaving. */
export function launchGame(gameId: string | number, deps: LaunchDeps = browserLaunchDeps): Promise<boolean> {
  return runLaunch(deps, async (session) => {
    if (!session.user) throw new Error('No signed-in user to launch for');
    const body = { gameId, unique_code: session.user.unique_code, home_url: deps.homeUrl() };
    const answer = await deps.post('/casino/get-game-url', body, gameUrlResponseSchema);
    if (answer.code !== 0) throw new Error(`Launch refused: ${answer.msg ?? answer.code}`);
    return answer.payload?.game_launch_url;
  });
}

/** Launches a JDB game through `/api/jdbgamelink` (the Aviator header link). */
export function launchJdbGame(
  game: { gameId: number; gType: number },
  deps: LaunchDeps = browserLaunchDeps,
): Promise<boolean> {
  return runLaunch(deps, async (session) => {
    const body = { auth: session.token, gameId: game.gameId, gType: game.gType };
    const answer = await deps.post('/api/jdbgamelink', body, jdbGameLinkResponseSchema);
    return answer.gameLink;
  });
}
