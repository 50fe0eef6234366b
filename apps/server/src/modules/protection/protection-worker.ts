import type { Lifecycle, LoopWorker } from '../../platform/lifecycle.ts';
import { sleep } from '../../platform/lifecycle-workers.ts';
import type { ProtectionDeps } from './breaks-service.ts';
import { nextPeriodStartMs } from './limit-periods.ts';
import { nowOf, timeZoneOf } from './limits-service.ts';
import { refreshAllLossFloors } from './loss-floor.ts';
import { endLimitedSessions } from './session-limit.ts';

/** How often sessions are checked against their players' session limits. */
export const SESSION_SWEEP_INTERVAL_MS = 15_000;

/**
 * The clock of player protection (docs/decisions/0235): every few seconds it ends the sessions that
 * reached their session limit, and when the operator's day begins (a week or month begins at a
 * midnight too) it sets every loss limit's floor from the new periods. It sets them at start as well,
 * in case no instance ran at the last midnight. Every instance runs it; each step is idempotent.
 */
export function protectionWorker(deps: ProtectionDeps, intervalMs = SESSION_SWEEP_INTERVAL_MS): LoopWorker {
  return {
    name: 'protection',
    async run(signal) {
      let nextPeriodMs = 0;
      while (!signal.aborted) {
        const nowMs = nowOf(deps);
        if (nowMs >= nextPeriodMs) {
          await refreshAllLossFloors(deps, nowMs, timeZoneOf(deps));
          nextPeriodMs = nextPeriodStartMs(nowMs, timeZoneOf(deps));
        }
        await endLimitedSessions(deps);
        await sleep(Math.max(1, Math.min(intervalMs, nextPeriodMs - nowOf(deps))), signal);
      }
    },
  };
}

/** Registers the clock; the server does this, tests call its steps themselves. */
export const startProtection = (lifecycle: Pick<Lifecycle, 'register'>, deps: ProtectionDeps) =>
  lifecycle.register(protectionWorker(deps));
