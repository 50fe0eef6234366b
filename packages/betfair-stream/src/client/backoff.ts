import type { ReconnectSettings } from './options.ts';

export const DEFAULT_RECONNECT: ReconnectSettings = { initialDelayMs: 500, maxDelayMs: 30_000 };

/**
 * The wait before reconnect number `failures` (1 after the first failure): doubling from
 * `initialDelayMs`, capped at `maxDelayMs`, without jitter so a test knows each delay.
 */
export function reconnectDelayMs(failures: number, settings: ReconnectSettings = DEFAULT_RECONNECT): number {
  const doublings = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(settings.maxDelayMs, settings.initialDelayMs * 2 ** doublings);
}
