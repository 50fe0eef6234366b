import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One client's share of an offered load: before each operation, waits for the client's next slot so
 * that `clients` of them together offer `ratePerSec`, spread evenly. A client behind its schedule goes
 * at once and does not catch up in a burst. Without a rate, never waits (back to back, the default).
 * An offered rate lets configurations be compared at the same load, below what saturates the machine,
 * where CPU per operation depends on the configuration rather than on how full the cores are.
 */
export function pacer(
  ratePerSec: number | undefined,
  clients: number,
  index: number,
): () => Promise<unknown> | undefined {
  if (!ratePerSec || ratePerSec <= 0) return () => undefined;
  const intervalMs = (clients * 1000) / ratePerSec;
  let nextAt = performance.now() + (intervalMs * index) / clients;
  return () => {
    const now = performance.now();
    const slot = Math.max(nextAt, now);
    nextAt = slot + intervalMs;
    return slot > now ? sleep(slot - now) : undefined;
  };
}
