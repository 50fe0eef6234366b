import type { SelfExclusionRequest } from '@backlay/contracts';
import type { Database, Sql } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { reject, ok, transactionResult, type Result } from '../../platform/rejections.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { announceStandingChange, REOPEN_DELAY_MS } from '../admission/index.ts';
import { announceRevocation, findUserById, revokeAllSessions, verifyPassword } from '../auth/index.ts';
import { readRestingBets, type ExchangeService } from '../exchange/index.ts';
import { iso, lockBreaks, recordChange, saveBreaks, type Breaks } from './breaks-repo.ts';

export type ProtectionDeps = {
  db: Database;
  bus: Bus;
  exchange: Pick<ExchangeService, 'run'>;
  /** The operator's time zone for limits' periods (docs/decisions/0235); UTC when absent. */
  env?: { TIME_ZONE: string };
  nowMs?: () => number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS: Readonly<Record<SelfExclusionRequest['period'], number>> = { '6m': 6, '1y': 12, '5y': 60 };

const later = (a: number | null, b: number) => (a !== null && a > b ? a : b);

/** `months` calendar months after `ms` (UTC), the way a player counts "6 months" or "1 year". */
function monthsAfter(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

/** Applies a change under the player's lock, records it, and has every gate read the player again. */
async function changeBreaks(
  deps: ProtectionDeps,
  playerId: string,
  action: string,
  change: (breaks: Breaks, nowMs: number, tx: Sql) => Promise<Result<Breaks>> | Result<Breaks>,
): Promise<Result<Breaks>> {
  const nowMs = (deps.nowMs ?? Date.now)();
  return transactionResult(deps.db, async (tx) => {
    const before = await lockBreaks(tx, playerId);
    const after = await change(before, nowMs, tx);
    if (!after.ok) return after;
    await saveBreaks(tx, playerId, after.value);
    await recordChange(
      tx,
      playerId,
      { actor: 'player', action, before: view(before), after: view(after.value) },
      nowMs,
    );
    afterCommit(() => announceStandingChange(deps.bus, playerId));
    return after;
  });
}

const view = (breaks: Breaks) => ({
  timedOutUntil: iso(breaks.timedOutUntilMs),
  excludedUntil: iso(breaks.excludedUntilMs),
  reopenRequestedAt: iso(breaks.reopenRequestedAtMs),
});

/**
 * A time-out of whole days starts at once and cannot be ended early: a shorter one taken during a
 * longer one leaves the longer end (docs/decisions/0232).
 */
export async function takeTimeOut(
  deps: ProtectionDeps,
  playerId: string,
  days: number,
): Promise<Result<string>> {
  const changed = await changeBreaks(deps, playerId, 'time-out', (breaks, nowMs) =>
    ok({ ...breaks, timedOutUntilMs: later(breaks.timedOutUntilMs, nowMs + days * DAY_MS) }),
  );
  return changed.ok ? ok(iso(changed.value.timedOutUntilMs)!) : changed;
}

const wrongPassword = () => reject('forbidden', 'WRONG_PASSWORD', 'The password is not right.');

/**
 * Self-exclusion, confirmed with the password, starts at once and can be ended early by nobody. At
 * once it signs the player out everywhere and cancels what is unmatched of their exchange bets;
 * matched bets stand and settle. The admission gate refuses every stake until it ends and the player
 * has asked to reopen a day before.
 */
export async function selfExclude(
  deps: ProtectionDeps,
  playerId: string,
  request: SelfExclusionRequest,
): Promise<Result<string>> {
  const user = await findUserById(deps.db, playerId);
  if (!user?.password_hash || !(await verifyPassword(request.password, user.password_hash)))
    return wrongPassword();
  const changed = await changeBreaks(
    deps,
    playerId,
    `self-exclusion ${request.period}`,
    async (breaks, nowMs, tx) => {
      await revokeAllSessions(tx, playerId);
      afterCommit(() => announceRevocation(deps.bus, { userId: playerId }));
      const until = later(breaks.excludedUntilMs, monthsAfter(nowMs, MONTHS[request.period]));
      return ok({ ...breaks, excludedUntilMs: until, reopenRequestedAtMs: null });
    },
  );
  if (!changed.ok) return changed;
  await cancelUnmatched(deps, playerId);
  return ok(iso(changed.value.excludedUntilMs)!);
}

/** Cancels the unmatched part of every open exchange bet; each market's unit does it in turn. */
async function cancelUnmatched(deps: ProtectionDeps, playerId: string): Promise<void> {
  const bets = await readRestingBets(deps.db, playerId);
  for (const bet of bets) await deps.exchange.run(bet.market_id, { type: 'cancel', playerId, betId: bet.id });
}

const notEnded = (untilMs: number) =>
  reject(
    'conflict',
    'SELF_EXCLUDED',
    `Your self-exclusion runs until ${iso(untilMs)}; it cannot be ended early.`,
  );
const nothingToReopen = () => reject('conflict', 'NOT_EXCLUDED', 'Your account is not self-excluded.');

/** After a self-exclusion has ended, the account takes bets a day after the player asks. */
export async function requestReopen(deps: ProtectionDeps, playerId: string): Promise<Result<string>> {
  const changed = await changeBreaks(deps, playerId, 'reopen request', (breaks, nowMs) => {
    const until = breaks.excludedUntilMs;
    if (until === null) return nothingToReopen();
    if (until > nowMs) return notEnded(until);
    if (breaks.reopenRequestedAtMs !== null && breaks.reopenRequestedAtMs >= until) return ok(breaks);
    return ok({ ...breaks, reopenRequestedAtMs: nowMs });
  });
  return changed.ok ? ok(iso(changed.value.reopenRequestedAtMs! + REOPEN_DELAY_MS)!) : changed;
}
