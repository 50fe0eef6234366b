import { useEffect, useState } from 'react';

/**
 * False until the browser has an idle moment after the first render, or `timeoutMs` has passed,
 * whichever comes first: what waits for this stays out of the start-up work of the first page.
 * Browsers without `requestIdleCallback` wait for the timeout.
 */
export function useIdleAfterMount(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), timeoutMs);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }, [timeoutMs]);
  return idle;
}
