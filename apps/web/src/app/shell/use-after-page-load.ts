import { useEffect, useState } from 'react';

/**
 * False until `delayMs` after the page's load event (or after the first render, when the page had
 * loaded already): what waits for this starts once the first page has done its start-up work and
 * the browser has gone quiet, instead of competing with it for the main thread.
 */
export function useAfterPageLoad(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const start = () => {
      timer = window.setTimeout(() => setReady(true), delayMs);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      window.clearTimeout(timer);
    };
  }, [delayMs]);
  return ready;
}
