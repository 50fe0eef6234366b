import { useSyncExternalStore } from 'react';

/** A value kept outside React that components follow: read when first asked for, told on every change. */
export interface ExternalStore<T> {
  get(): T;
  /** Replaces the value and re-renders its followers; the same value changes nothing. */
  set(next: T): void;
  /** The value, re-rendering when it changes. */
  useValue(): T;
}

/**
 * `initial` runs when the value is first read; a render outside the browser (the prerendered pages)
 * sees what it gives there, such as no session.
 */
export function externalStore<T>(initial: () => T): ExternalStore<T> {
  const listeners = new Set<() => void>();
  let value: { current: T } | null = null;
  const get = (): T => (value ??= { current: initial() }).current;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get,
    set(next) {
      if (value?.current === next) return;
      value = { current: next };
      for (const listener of listeners) listener();
    },
    useValue: () => useSyncExternalStore(subscribe, get, get),
  };
}
