import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { ResolvedOptions, TablesDeps, TablesOptions } from './deps.ts';
import { isOpen, type RoundRow } from './round-row.ts';

/** What every part of the tables module shares: the app's services, the clock and the loop switches. */
export type TablesContext = {
  db: Database;
  wallet: Pick<WalletService, 'executeMany'>;
  admission: TablesDeps['admission'];
  streams: Pick<StreamRegistry, 'publish'>;
  log: TablesDeps['log'];
  options: ResolvedOptions;
  /** TABLE_SPEED: every phase of every table and the crash countdown run this many times faster. */
  speed: number;
  /** Asks a unit to run its due phase changes (through the router, so it queues behind bets). */
  advance(unitId: string): void;
};

export const DEFAULT_CRASH_CHAIN_LENGTH = 20_000;

export function resolveOptions(options: TablesOptions): ResolvedOptions {
  return {
    nowMs: options.nowMs ?? Date.now,
    timers: options.timers ?? true,
    randomHex: options.randomHex ?? ((bytes) => randomBytes(bytes).toString('hex')),
    crashChainLength: options.crashChainLength ?? DEFAULT_CRASH_CHAIN_LENGTH,
  };
}

/** Publishing is best-effort once committed: a socket that missed it resubscribes for a snapshot. */
export function publishQuietly(
  context: Pick<TablesContext, 'streams' | 'log'>,
  kind: string,
  id: string | undefined,
  update: { seq: number; data: unknown; key?: string },
): Promise<void> {
  return context.streams.publish(kind, id, update).catch((error: unknown) => {
    context.log?.error({ err: error, kind, id }, 'tables: publishing a change failed');
  });
}

/** Unit timers never keep the process alive, and are cleared when their unit is unloaded. */
export function unitTimer(delayMs: number, run: () => void): ReturnType<typeof setTimeout> {
  const timer = setTimeout(run, Math.max(0, delayMs));
  timer.unref?.();
  return timer;
}

/**
 * The live loop: wake the unit when its current phase ends (at once when it has no round yet), or at
 * `wakeAtMs` when it has something due before that, by sending it an `advance` command, so the change
 * queues behind the bets already sent.
 */
export function scheduleAdvance(
  context: TablesContext,
  unit: { timer: ReturnType<typeof setTimeout> | null; round: RoundRow | null; paused: unknown },
  unitId: string,
  wakeAtMs = unit.round?.phaseEndsAtMs,
): void {
  if (!context.options.timers) return;
  if (unit.timer) clearTimeout(unit.timer);
  unit.timer = null;
  // Paused between rounds, nothing is due until a resume schedules the unit again (0244).
  if (unit.paused && !isOpen(unit.round)) return;
  const nowMs = context.options.nowMs();
  unit.timer = unitTimer((wakeAtMs ?? nowMs) - nowMs, () => {
    unit.timer = null;
    context.advance(unitId);
  });
}
