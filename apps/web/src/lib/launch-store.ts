import { useSyncExternalStore } from 'react';

/** Whether a game launch is in progress (drives the loading overlay). */
let launching = false;
const listeners = new Set<() => void>();

export function setLaunching(value: boolean): void {
  if (launching === value) return;
  launching = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLaunching(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => launching,
    () => false,
  );
}
