import { useSyncExternalStore } from 'react';

/**
 * Where a game launch stands; drives the loading overlay and the failure notice. A failure stays
 * until the player closes it, so a refused launch is never silent.
 */
export type LaunchState = { phase: 'idle' } | { phase: 'launching' } | { phase: 'failed'; message: string };

const IDLE: LaunchState = { phase: 'idle' };
const LAUNCHING: LaunchState = { phase: 'launching' };

let state: LaunchState = IDLE;
const listeners = new Set<() => void>();

function publish(next: LaunchState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

export function setLaunching(value: boolean): void {
  publish(value ? LAUNCHING : IDLE);
}

export function showLaunchFailure(message: string): void {
  publish({ phase: 'failed', message });
}

export function dismissLaunchFailure(): void {
  if (state.phase === 'failed') publish(IDLE);
}

export function getLaunchState(): LaunchState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLaunchState(): LaunchState {
  return useSyncExternalStore(subscribe, getLaunchState, () => IDLE);
}
