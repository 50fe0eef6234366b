import { externalStore } from '@backlay/front-kit/external-store';

/**
 * Where a game launch stands; drives the loading overlay and the failure notice. A failure stays
 * until the player closes it, so a refused launch is never silent.
 */
export type LaunchState = { phase: 'idle' } | { phase: 'launching' } | { phase: 'failed'; message: string };

const IDLE: LaunchState = { phase: 'idle' };
const LAUNCHING: LaunchState = { phase: 'launching' };

const store = externalStore<LaunchState>(() => IDLE);

export const getLaunchState = store.get;
export const useLaunchState = store.useValue;

export function setLaunching(value: boolean): void {
  store.set(value ? LAUNCHING : IDLE);
}

export function showLaunchFailure(message: string): void {
  store.set({ phase: 'failed', message });
}

export function dismissLaunchFailure(): void {
  if (store.get().phase === 'failed') store.set(IDLE);
}

/** A provider's game page opened from this tab, and the portal page the launch started from. */
export interface LaunchedGame {
  url: string;
  returnTo: string;
}

/**
 * Game pages launched in this tab. Only these are framed: the frame page's address comes from the
 * location bar, so a crafted link must not make the portal show another site under its name.
 * Memory only: a reload or a new tab goes back to the lobby for a fresh launch (a fresh token).
 */
const launchedGames = new Map<string, LaunchedGame>();

export function rememberLaunchedGame(game: LaunchedGame): void {
  launchedGames.set(game.url, game);
}

export function launchedGame(url: string): LaunchedGame | null {
  return launchedGames.get(url) ?? null;
}

/** Forgets every launched game, as a fresh tab has none. */
export function forgetLaunchedGames(): void {
  launchedGames.clear();
}
