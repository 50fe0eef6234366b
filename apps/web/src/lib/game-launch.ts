import type { z } from 'zod';
import { gameUrlResponseSchema, jdbGameLinkResponseSchema } from '@backlay/contracts';
import { ApiError, apiRequest } from './api-client.ts';
import { getSession, type Session } from './session.ts';
import { rememberLaunchedGame, setLaunching, showLaunchFailure, type LaunchedGame } from './launch-store.ts';
import { framePath, paths } from '../paths.ts';

export const LOGIN_TO_PLAY_TEXT = 'Please log in to play the game.';

/** What a player reads when a launch fails; the spec only logged these, leaving the player guessing. */
export const LAUNCH_FAILURE_TEXT = {
  forbidden: 'This game cannot be opened from this account.',
  notFound: 'This game is no longer available.',
  unavailable: 'The game provider is not answering right now. Please try again in a moment.',
  network: 'The server could not be reached. Check your connection and try again.',
  other: 'The game could not be opened. Please try again.',
} as const;

/** The Aviator header link: a JDB game (apps/web/README.md, Server calls). */
export const AVIATOR_GAME = { gameId: 22001, gType: 22 } as const;

/**
 * The one game id every sports tab and the Lucky Sports button launch, the same shared sports game
 * (apps/web/README.md, Routes). The portal answers it with its own sports page.
 */
export const SHARED_SPORTS_GAME_ID = 'sports';

export interface LaunchDeps {
  session: () => Session | null;
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>) => Promise<T>;
  leaveTo: (url: string) => void;
  alert: (message: string) => void;
  setLaunching: (value: boolean) => void;
  showFailure: (message: string) => void;
  logError: (...args: unknown[]) => void;
  homeUrl: () => string;
  /** The address of the page the launch starts from. */
  currentUrl: () => string;
  /** Lets the frame page show this game page (it frames only pages launched in this tab). */
  rememberGame: (game: LaunchedGame) => void;
}

export const browserLaunchDeps: LaunchDeps = {
  session: getSession,
  post: (path, body, schema) => apiRequest(path, { method: 'POST', body, schema }),
  leaveTo: (url) => window.location.assign(url),
  alert: (message) => window.alert(message),
  setLaunching,
  showFailure: showLaunchFailure,
  logError: (...args) => console.error(...args),
  homeUrl: () => `${window.location.origin}/#${paths.home}`,
  currentUrl: () => window.location.href,
  rememberGame: rememberLaunchedGame,
};

/**
 * The words for a failed launch, or null when there is nothing to tell: a 401 has already signed the
 * player out and sent them to the login page.
 */
export function launchFailureText(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.status === 401) return null;
    if (error.status === 403) return LAUNCH_FAILURE_TEXT.forbidden;
    if (error.status === 404) return LAUNCH_FAILURE_TEXT.notFound;
    if (error.status === 502 || error.status === 503 || error.status === 504) {
      return LAUNCH_FAILURE_TEXT.unavailable;
    }
    return LAUNCH_FAILURE_TEXT.other;
  }
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return LAUNCH_FAILURE_TEXT.network;
  return LAUNCH_FAILURE_TEXT.other;
}

/** Whether going to `target` keeps this document (only the hash changes), so no unload ends the overlay. */
export function staysOnPage(target: string, current: string): boolean {
  const to = new URL(target, current);
  const from = new URL(current);
  return to.origin === from.origin && to.pathname === from.pathname && to.search === from.search;
}

/** The portal page a launch starts from, for the frame page's way back; never the frame page itself. */
export function returnPath(current: string): string {
  const path = new URL(current).hash.replace(/^#/, '');
  return path === '' || path.startsWith(paths.play) ? paths.home : path;
}

/**
 * Takes the player to the launched game; answers whether this document stays (so nothing unloads
 * the overlay). A portal page (the shared sports id) is opened as it is. A provider's game page opens
 * in the portal's frame page, under the session bar, so the player never leaves the portal.
 */
function goToGame(url: string, deps: LaunchDeps): boolean {
  const current = deps.currentUrl();
  const game = new URL(url, current);
  const here = new URL(current);
  if (game.origin === here.origin) {
    const staying = staysOnPage(url, current);
    deps.leaveTo(url);
    return staying;
  }
  deps.rememberGame({ url: game.href, returnTo: returnPath(current) });
  deps.leaveTo(`${here.origin}${here.pathname}${here.search}#${framePath(game.href)}`);
  return true;
}

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
    if (goToGame(url, deps)) deps.setLaunching(false);
    return true;
  } catch (error) {
    deps.logError('Game launch failed', error);
    deps.setLaunching(false);
    const text = launchFailureText(error);
    if (text !== null) deps.showFailure(text);
    return false;
  }
}

/** Launches a catalogue game through `/casino/get-game-url`; resolves whether the launch succeeded. */
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
