import type { SessionLimitResponse } from '@backlay/contracts';
import { ok, transactionResult, type Result } from '../../platform/rejections.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { announceRevocation, authTables, revokeAllSessions } from '../auth/index.ts';
import { lockBreaks, recordChange } from './breaks-repo.ts';
import type { ProtectionDeps } from './breaks-service.ts';
import {
  cancelChange,
  confirmableAtMs,
  confirmChange,
  requestChange,
  type LimitState,
} from './limit-changes.ts';
import { nextPeriodStartMs } from './limit-periods.ts';
import { isoAt as iso } from './moments.ts';
import { noPendingChange, notYetConfirmable, nowOf, timeZoneOf } from './limits-service.ts';
import { closeSessionsUntil, readSessionLimit, saveSessionLimit } from './session-limit-repo.ts';

/**
 * The session limit (docs/decisions/0235): minutes of play per sign-in. It changes as money limits do
 * (a lower one at once, a higher one or a removal confirmed a day later); at the limit every session of
 * the player ends and sign-in is refused until the operator's day ends.
 */

export const sessionLimitView = (state: LimitState<number>): SessionLimitResponse => ({
  sessionMinutes: state.value,
  sessionPending: state.pending
    ? { minutes: state.pending.value, confirmableAt: iso(confirmableAtMs(state.pending)) }
    : null,
});

const shown = (state: LimitState<number>) => ({
  minutes: state.value,
  pending: state.pending ? (state.pending.value ?? 'none') : null,
});

async function changeSessionLimit(
  deps: ProtectionDeps,
  playerId: string,
  action: string,
  change: (state: LimitState<number>, nowMs: number) => Result<LimitState<number>>,
): Promise<Result<SessionLimitResponse>> {
  const nowMs = nowOf(deps);
  return transactionResult(deps.db, async (tx) => {
    await lockBreaks(tx, playerId);
    const before = await readSessionLimit(tx, playerId);
    const after = change(before, nowMs);
    if (!after.ok) return after;
    await saveSessionLimit(tx, playerId, after.value);
    const entry = { actor: 'player', action, before: shown(before), after: shown(after.value) };
    await recordChange(tx, playerId, entry, nowMs);
    return ok(sessionLimitView(after.value));
  });
}

export const setSessionLimit = (deps: ProtectionDeps, playerId: string, minutes: number | null) =>
  changeSessionLimit(deps, playerId, 'session limit', (state, nowMs) =>
    ok(requestChange(state, minutes, nowMs)),
  );

export const confirmSessionLimit = (deps: ProtectionDeps, playerId: string) =>
  changeSessionLimit(deps, playerId, 'confirm session limit', (state, nowMs) => {
    const outcome = confirmChange(state, nowMs);
    if (outcome.ok) return ok(outcome.state);
    return outcome.reason === 'NOT_YET_CONFIRMABLE'
      ? notYetConfirmable(outcome.confirmableAtMs!)
      : noPendingChange();
  });

export const cancelPendingSessionLimit = (deps: ProtectionDeps, playerId: string) =>
  changeSessionLimit(deps, playerId, 'cancel session limit change', (state) => ok(cancelChange(state)));

/**
 * Ends every session that has lasted its player's session limit: all of that player's sessions and
 * sockets close, and sign-in is refused until the day ends. Answers the players whose sessions ended.
 */
export async function endLimitedSessions(deps: ProtectionDeps): Promise<string[]> {
  const nowMs = nowOf(deps);
  const rows = await deps.db.query<{ user_id: string }>(
    `SELECT DISTINCT s.user_id FROM ${authTables.sessions} s JOIN player_protection p ON p.player_id = s.user_id
      WHERE p.session_minutes IS NOT NULL AND s.revoked_at IS NULL AND s.expires_at > $1
        AND s.created_at + make_interval(mins => p.session_minutes) <= $1`,
    [iso(nowMs)],
  );
  const untilMs = nextPeriodStartMs(nowMs, timeZoneOf(deps));
  for (const { user_id: playerId } of rows) {
    await transactionResult(deps.db, async (tx) => {
      await lockBreaks(tx, playerId);
      await revokeAllSessions(tx, playerId);
      await closeSessionsUntil(tx, playerId, untilMs);
      const entry = {
        actor: 'system',
        action: 'session limit reached',
        before: null,
        after: { until: iso(untilMs) },
      };
      await recordChange(tx, playerId, entry, nowMs);
      afterCommit(() => announceRevocation(deps.bus, { userId: playerId }));
      return ok(null);
    });
  }
  return rows.map((row) => row.user_id);
}
