import { useRef } from 'react';

/**
 * Counts how often `value` has changed since the first render. A price cell keys its content on the
 * count, so the flash animation restarts on each change and never plays on the first paint.
 */
export function useChangeCount(value: unknown): number {
  const seen = useRef({ value, count: 0 });
  if (!Object.is(seen.current.value, value)) {
    seen.current = { value, count: seen.current.count + 1 };
  }
  return seen.current.count;
}
