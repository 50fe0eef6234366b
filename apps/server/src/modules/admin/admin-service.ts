import type { AdminPlayer, PlayerStatus } from '@backlay/contracts';
import { formatMinor, MAX_TRANSFER_MINOR, parseAmountMinor } from '@backlay/ledger';
import type { Database, Sql } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { ok, reject, transactionResult, type Rejection, type Result } from '../../platform/rejections.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { announceStandingChange } from '../admission/index.ts';
import {
  announceRevocation,
  hashPassword,
  insertUser,
  revokeAllSessions,
  setPlayerColumn,
} from '../auth/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import {
  isPostedOperation,
  ledgerRejection,
  type CashDeskOutcome,
  type WalletService,
} from '../wallet/index.ts';
import { depositRefusal } from '../protection/index.ts';
import {
  assignPlayer,
  learnDirectAgent,
  openingChipsRequest,
  playerParent,
  type Caller,
} from '../agents/index.ts';
import { findPlayer } from './players-repo.ts';

/** What the cash desk uses, and nothing more; limits' periods run in the operator's time zone. */
export type AdminDeps = {
  db: Database;
  bus: Bus;
  wallet: WalletService;
  env?: { TIME_ZONE: string; SUPPORT_CASH_LIMIT?: bigint };
  nowMs?: () => number;
};

/** What support may move in one cash desk operation when the environment does not say (0248). */
export const DEFAULT_SUPPORT_CASH_LIMIT = 500_000n;

export const PLAYER_NOT_FOUND = 'Player not found.';

const playerNotFound = () => reject('not_found', 'PLAYER_NOT_FOUND', PLAYER_NOT_FOUND);

/**
 * The operator's cash desk, shared by the HTTP routes and the admin CLI. Expected failures are
 * rejections (values); each front end turns them into its own answer with the same message.
 */
export function parseCashAmount(input: unknown): Result<bigint> {
  const parsed = parseAmountMinor(input, { maxMinor: MAX_TRANSFER_MINOR });
  return parsed.ok ? ok(parsed.amountMinor) : reject('invalid', parsed.code, parsed.message);
}

export type NewPlayerInput = {
  email: string;
  password: string;
  name: string;
  openingCredit?: unknown;
  parentId?: string | undefined;
};

/**
 * The opening credit: a deposit for the house's player, chips from the parent agent's free balance for
 * an agent's (refused whole when short).
 */
async function creditOpening(
  deps: AdminDeps,
  parentId: string | null,
  playerId: string,
  amountMinor: bigint,
) {
  const opening = { remark: 'Opening credit', key: `opening:${playerId}` };
  const outcome = await deps.wallet.execute(openingChipsRequest(parentId, playerId, amountMinor, opening));
  return outcome.result.ok ? null : ledgerRejection(outcome.result);
}

/**
 * User, ledger accounts, place in the tree and opening credit in one transaction: all of it or none of
 * it. An agent creates players in its own subtree only (docs/decisions/0288).
 */
export async function createPlayer(
  deps: AdminDeps,
  caller: Caller,
  input: NewPlayerInput,
  actor: AuditActor,
): Promise<Result<AdminPlayer>> {
  const opening = input.openingCredit === undefined ? ok(0n) : parseCashAmount(input.openingCredit);
  if (!opening.ok) return opening;
  // An opening credit is a deposit: support's limit holds for it too.
  const aboveLimit = roleLimitRefusal(deps, actor, opening.value);
  if (aboveLimit) return aboveLimit;
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  const created = await transactionResult(deps.db, async (tx) => {
    const parent = await playerParent(tx, caller, input.parentId);
    if (!parent.ok) return parent;
    const user = await insertUser(tx, { email, name: input.name.trim(), role: 'player', passwordHash });
    if (!user) return reject('conflict', 'EMAIL_TAKEN', 'A user with this email already exists.');
    await deps.wallet.openPlayer(user.id);
    if (parent.value !== null) await assignPlayer(tx, user.id, parent.value);
    const refusal =
      opening.value > 0n ? await creditOpening(deps, parent.value, user.id, opening.value) : null;
    if (refusal) return refusal;
    const after = {
      email,
      name: user.name,
      parentId: parent.value,
      openingCredit: formatMinor(opening.value),
    };
    await recordAudit(tx, actor, { action: 'player create', target: `player:${user.id}`, after });
    return ok({ id: user.id, parentId: parent.value });
  });
  if (!created.ok) return created;
  // Committed: the market book knows this player's agent without reading it (docs/decisions/0319).
  learnDirectAgent(created.value.id, created.value.parentId);
  const player = await findPlayer(deps.db, created.value.id);
  if (!player) throw new Error('created player vanished');
  return ok(player);
}

export type CashDeskRequestInput = {
  playerId: string;
  amount: unknown;
  remark: string;
  idempotencyKey?: string;
};

export async function moveCash(
  deps: AdminDeps,
  kind: 'deposit' | 'withdraw',
  input: CashDeskRequestInput,
  actor: AuditActor,
): Promise<Result<Extract<CashDeskOutcome, { ok: true }>>> {
  const amount = parseCashAmount(input.amount);
  if (!amount.ok) return amount;
  const aboveLimit = roleLimitRefusal(deps, actor, amount.value);
  if (aboveLimit) return aboveLimit;
  const remark = input.remark.trim() || (kind === 'deposit' ? 'Deposit' : 'Withdrawal');
  const desk = {
    playerId: input.playerId,
    amountMinor: amount.value,
    remark,
    idempotencyKey: input.idempotencyKey,
  };
  return transactionResult(deps.db, async (tx) => {
    if (kind === 'deposit' && !(await isReplay(tx, input.idempotencyKey))) {
      const nowMs = (deps.nowMs ?? Date.now)();
      const refusal = await depositRefusal(
        tx,
        input.playerId,
        amount.value,
        nowMs,
        deps.env?.TIME_ZONE ?? 'UTC',
      );
      if (refusal) return refusal;
    }
    const outcome = kind === 'deposit' ? await deps.wallet.deposit(desk) : await deps.wallet.withdraw(desk);
    if (!outcome.ok) return ledgerRejection(outcome, { UNKNOWN_ACCOUNT: PLAYER_NOT_FOUND });
    if (!outcome.replayed) {
      const after = { amount: formatMinor(amount.value), remark, balance: formatMinor(outcome.cashMinor) };
      await recordAudit(tx, actor, { action: `cash ${kind}`, target: `player:${input.playerId}`, after });
    }
    // The cash desk moves a loss limit's floor with the cash: every gate reads the player again.
    afterCommit(() => announceStandingChange(deps.bus, input.playerId));
    return ok(outcome);
  });
}

/**
 * Support's cash desk moves at most SUPPORT_CASH_LIMIT per operation; larger sums are the owner's, who
 * has no such limit (docs/decisions/0248). Judged before anything is read or written.
 */
function roleLimitRefusal(deps: AdminDeps, actor: AuditActor, amountMinor: bigint): Rejection | null {
  if (actor.role !== 'support') return null;
  const limitMinor = deps.env?.SUPPORT_CASH_LIMIT ?? DEFAULT_SUPPORT_CASH_LIMIT;
  if (amountMinor <= limitMinor) return null;
  const message = `Support may move at most ${formatMinor(limitMinor)} in one operation; ask the owner for more.`;
  return reject('forbidden', 'ABOVE_ROLE_LIMIT', message);
}

/** A retried deposit answers as it did the first time: its limit was judged then. */
async function isReplay(tx: Sql, idempotencyKey: string | undefined): Promise<boolean> {
  return idempotencyKey ? isPostedOperation(tx, idempotencyKey) : false;
}

/**
 * Suspension takes effect at once: the player's tokens are revoked in the same transaction, and once it
 * has committed every instance drops the player's cached sessions, and every admission gate the
 * player's standing, so a bet already on its way is refused too.
 */
export function changeStatus(
  deps: AdminDeps,
  playerId: string,
  status: PlayerStatus,
  actor: AuditActor,
): Promise<Result<AdminPlayer>> {
  return changeStanding(deps, playerId, actor, async (tx) => {
    const set = await setPlayerColumn(tx, playerId, 'status', status);
    if (!set) return undefined;
    if (status === 'suspended') {
      await revokeAllSessions(tx, playerId);
      // Only a suspension revokes anything; reactivating must not close the player's open sockets.
      afterCommit(() => announceRevocation(deps.bus, { userId: playerId }));
    }
    return { action: 'player status', before: { status: set.before }, after: { status } };
  });
}

type StandingChange = { action: string; before: object; after: object };

/**
 * Changes what the admission gate reads of a player, with its audit row in the same transaction, and
 * has every gate read the player again before their next bet.
 */
async function changeStanding(
  deps: AdminDeps,
  playerId: string,
  actor: AuditActor,
  apply: (tx: Sql) => Promise<StandingChange | undefined>,
): Promise<Result<AdminPlayer>> {
  const changed = await transactionResult(deps.db, async (tx) => {
    const change = await apply(tx);
    if (!change) return playerNotFound();
    await recordAudit(tx, actor, { target: `player:${playerId}`, ...change });
    afterCommit(() => announceStandingChange(deps.bus, playerId));
    return ok(playerId);
  });
  if (!changed.ok) return changed;
  const player = await findPlayer(deps.db, playerId);
  return player ? ok(player) : playerNotFound();
}

/**
 * A bet lock (docs/decisions/0240): the player keeps signing in, seeing their balance and withdrawing, but
 * every product refuses their stakes with BET_LOCKED from the next bet on, on every instance.
 */
export function lockBetting(
  deps: AdminDeps,
  playerId: string,
  locked: boolean,
  actor: AuditActor,
): Promise<Result<AdminPlayer>> {
  return changeStanding(deps, playerId, actor, async (tx) => {
    const set = await setPlayerColumn(tx, playerId, 'bet_locked', locked);
    return (
      set && { action: 'player bet lock', before: { betLocked: set.before }, after: { betLocked: locked } }
    );
  });
}

const shownStake = (minor: string | bigint | null) => (minor === null ? null : formatMinor(BigInt(minor)));

/**
 * The largest stake of one bet a player may place, in every product (docs/decisions/0241), or none
 * (null). Audited; every gate reads the player again before their next bet.
 */
export async function capStake(
  deps: AdminDeps,
  playerId: string,
  maxStake: unknown,
  actor: AuditActor,
): Promise<Result<AdminPlayer>> {
  const cap = maxStake === null ? ok(null) : parseCashAmount(maxStake);
  if (!cap.ok) return cap;
  return changeStanding(deps, playerId, actor, async (tx) => {
    const set = await setPlayerColumn(tx, playerId, 'max_stake_minor', cap.value);
    const after = { maxStake: shownStake(cap.value) };
    return set && { action: 'player max stake', before: { maxStake: shownStake(set.before) }, after };
  });
}
