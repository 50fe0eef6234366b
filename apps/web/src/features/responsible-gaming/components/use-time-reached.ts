import { useEffect, useState } from 'react';
import { isConfirmable } from '../limit-text.ts';

// setTimeout holds at most 2^31 − 1 ms (about 24.8 days); a longer wait arms the timer again when it fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the time `at` has come, rendering the caller again the moment it does: a pending change's
 * Confirm turns on while the page stays open, without a reload.
 */
export function useTimeReached(at: string | null): boolean {
  const [wakeUps, setWakeUps] = useState(0);
  const reached = at !== null && isConfirmable(at, Date.now());
  useEffect(() => {
    if (at === null || reached) return;
    const wait = Date.parse(at) - Date.now();
    if (Number.isNaN(wait)) return;
    const timer = setTimeout(
      () => setWakeUps((count) => count + 1),
      Math.min(Math.max(wait, 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [at, reached, wakeUps]);
  return reached;
}
