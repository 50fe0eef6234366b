import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type Limit,
  type LimitKind,
  type LimitPeriod,
  type Limits,
} from '@backlay/contracts';
import { formatMinor, parseAmountMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, reject, transactionResult, type Result } from '../../platform/rejections.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { announceStandingChange } from '../admission/index.ts';
import { lockBreaks, recordChange } from './breaks-repo.ts';
import type { ProtectionDeps } from './breaks-service.ts';
import {
  cancelChange,
  confirmableAtMs,
  confirmChange,
  NO_LIMIT,
  requestChange,
  type LimitState,
} from './limit-changes.ts';
import { periodBounds } from './limit-periods.ts';
import { isoAt as iso } from './moments.ts';
import { readMoneyLimits, saveMoneyLimit, usedSince, type MoneyLimit } from './limits-repo.ts';
import { refreshLossFloor } from './loss-floor.ts';
import { readRealityCheckMinutes } from './reality-check-repo.ts';
import { readSessionLimit } from './session-limit-repo.ts';

/** The largest money limit a player may set: 10,000,000.00, the cash desk's largest movement. */
export const MAX_LIMIT_MINOR = 1_000_000_000n;

export const timeZoneOf = (deps: ProtectionDeps) => deps.env?.TIME_ZONE ?? 'UTC';
export const nowOf = (deps: ProtectionDeps) => (deps.nowMs ?? Date.now)();

/** A limit as the player sees it: amounts as decimal strings, what its period has used, its reset. */
async function viewOf(sql: Sql, deps: ProtectionDeps, playerId: string, limit: MoneyLimit): Promise<Limit> {
  const { startMs, endMs } = periodBounds(limit.period, nowOf(deps), timeZoneOf(deps));
  const { value, pending } = limit.state;
  return {
    kind: limit.kind,
    period: limit.period,
    amount: value === null ? null : formatMinor(value),
    used: formatMinor(await usedSince(sql, playerId, limit.kind, startMs)),
    resetsAt: iso(endMs),
    pending: pending
      ? {
          amount: pending.value === null ? null : formatMinor(pending.value),
          confirmableAt: iso(confirmableAtMs(pending)),
        }
      : null,
  };
}

export async function readLimits(deps: ProtectionDeps, playerId: string): Promise<Limits> {
  const limits = await readMoneyLimits(deps.db, playerId);
  const session = await readSessionLimit(deps.db, playerId);
  return {
    limits: await Promise.all(limits.map((limit) => viewOf(deps.db, deps, playerId, limit))),
    sessionMinutes: session.value,
    sessionPending: session.pending
      ? { minutes: session.pending.value, confirmableAt: iso(confirmableAtMs(session.pending)) }
      : null,
    realityCheckMinutes: (await readRealityCheckMinutes(deps.db, playerId)) as Limits['realityCheckMinutes'],
  };
}

const invalidAmount = (message: string) => reject('invalid', 'INVALID_AMOUNT', message);

/** A typed amount in minor units, or null to remove the limit; 400 for anything else. */
export function parseLimitAmount(amount: string | null): Result<bigint | null> {
  if (amount === null) return ok(null);
  const parsed = parseAmountMinor(amount, { maxMinor: MAX_LIMIT_MINOR });
  return parsed.ok ? ok(parsed.amountMinor) : invalidAmount(parsed.message);
}

const shown = (state: LimitState<bigint>) => ({
  amount: state.value === null ? null : formatMinor(state.value),
  pending: state.pending ? (state.pending.value === null ? 'none' : formatMinor(state.pending.value)) : null,
});

type Change = (state: LimitState<bigint>, nowMs: number) => Result<LimitState<bigint>>;

/**
 * Changes one money limit under the player's protection lock, records the change, and for a loss limit
 * moves the ledger's floor in the same transaction, so the very next stake is judged by it.
 */
async function changeLimit(
  deps: ProtectionDeps,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
  action: string,
  change: Change,
): Promise<Result<Limit>> {
  const nowMs = nowOf(deps);
  return transactionResult(deps.db, async (tx) => {
    await lockBreaks(tx, playerId);
    const found = (await readMoneyLimits(tx, playerId)).find((l) => l.kind === kind && l.period === period);
    const before = found?.state ?? NO_LIMIT;
    const after = change(before, nowMs);
    if (!after.ok) return after;
    const limit = { kind, period, state: after.value };
    await saveMoneyLimit(tx, playerId, limit);
    await recordChange(
      tx,
      playerId,
      {
        actor: 'player',
        action: `${action} ${kind} ${period}`,
        before: shown(before),
        after: shown(after.value),
      },
      nowMs,
    );
    if (kind === 'loss') await refreshLossFloor(tx, playerId, nowMs, timeZoneOf(deps));
    afterCommit(() => announceStandingChange(deps.bus, playerId));
    return ok(await viewOf(tx, deps, playerId, limit));
  });
}

export function setLimit(
  deps: ProtectionDeps,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
  amount: bigint | null,
): Promise<Result<Limit>> {
  return changeLimit(deps, playerId, kind, period, 'limit', (state, nowMs) =>
    ok(requestChange(state, amount, nowMs)),
  );
}

export const notYetConfirmable = (atMs: number) =>
  reject(
    'conflict',
    'NOT_YET_CONFIRMABLE',
    `This change can be confirmed from ${iso(atMs)}, a day after you asked for it.`,
  );
export const noPendingChange = () =>
  reject('conflict', 'NO_PENDING_CHANGE', 'There is no change waiting to be confirmed.');

export function confirmLimit(
  deps: ProtectionDeps,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
): Promise<Result<Limit>> {
  return changeLimit(deps, playerId, kind, period, 'confirm limit', (state, nowMs) => {
    const outcome = confirmChange(state, nowMs);
    if (outcome.ok) return ok(outcome.state);
    return outcome.reason === 'NOT_YET_CONFIRMABLE'
      ? notYetConfirmable(outcome.confirmableAtMs!)
      : noPendingChange();
  });
}

export function cancelPendingLimit(
  deps: ProtectionDeps,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
): Promise<Result<Limit>> {
  return changeLimit(deps, playerId, kind, period, 'cancel limit change', (state) => ok(cancelChange(state)));
}

/** Every kind and period a player may limit, for the routes' checks. */
export const LIMIT_SLOTS = LIMIT_KINDS.flatMap((kind) => LIMIT_PERIODS.map((period) => ({ kind, period })));
