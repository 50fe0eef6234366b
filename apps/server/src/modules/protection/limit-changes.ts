/**
 * How a player's limit changes (docs/decisions/0235), for money limits (minor units) and the session
 * limit (minutes) alike. Pure. A new limit or a lower one applies at once and drops any pending
 * change; a higher one or a removal waits as pending, and applies only when the player confirms it a
 * day or more after asking. Until then the old limit holds.
 */
export const CONFIRM_DELAY_MS = 24 * 60 * 60 * 1000;

export type Pending<T> = { value: T | null; requestedAtMs: number };
/** A limit as stored: `value` null while none binds (only a pending change can exist then: none). */
export type LimitState<T> = { value: T | null; pending: Pending<T> | null };

export const NO_LIMIT: LimitState<never> = { value: null, pending: null };

/** The player asks for `requested` (null: no limit). */
export function requestChange<T extends number | bigint>(
  current: LimitState<T>,
  requested: T | null,
  nowMs: number,
): LimitState<T> {
  if (current.value === null) return { value: requested, pending: null };
  if (requested !== null && requested <= current.value) return { value: requested, pending: null };
  return { value: current.value, pending: { value: requested, requestedAtMs: nowMs } };
}

export const confirmableAtMs = (pending: Pending<unknown>) => pending.requestedAtMs + CONFIRM_DELAY_MS;

export type ConfirmOutcome<T> =
  | { ok: true; state: LimitState<T> }
  | { ok: false; reason: 'NO_PENDING_CHANGE' | 'NOT_YET_CONFIRMABLE'; confirmableAtMs?: number };

/** The player confirms the pending change: it applies, if a day has passed since they asked. */
export function confirmChange<T>(current: LimitState<T>, nowMs: number): ConfirmOutcome<T> {
  const pending = current.pending;
  if (!pending) return { ok: false, reason: 'NO_PENDING_CHANGE' };
  const at = confirmableAtMs(pending);
  if (nowMs < at) return { ok: false, reason: 'NOT_YET_CONFIRMABLE', confirmableAtMs: at };
  return { ok: true, state: { value: pending.value, pending: null } };
}

/** The player drops the pending change; the limit stays as it is. */
export const cancelChange = <T>(current: LimitState<T>): LimitState<T> => ({ ...current, pending: null });
