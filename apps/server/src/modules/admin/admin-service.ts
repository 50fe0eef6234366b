import type { AdminPlayer, PlayerStatus } from '@backlay/contracts';
import { MAX_TRANSFER_MINOR, parseAmountMinor } from '@backlay/ledger';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { announceRevocation } from '../auth/session-cache.ts';
import { revokeAllSessions } from '../auth/sessions-repo.ts';
import { insertUser } from '../auth/users-repo.ts';
import { ledgerHttpError } from '../wallet/http-codes.ts';
import type { CashDeskOutcome } from '../wallet/wallet-service.ts';
import { findPlayer, setPlayerStatus } from './players-repo.ts';

export const PLAYER_NOT_FOUND = 'Player not found.';

/**
 * The operator's cash desk, shared by the HTTP routes and the admin CLI. Expected failures throw
 * HttpError (a 4xx with a message) so both front ends report them the same way.
 */
export function parseCashAmount(input: unknown): bigint {
  const parsed = parseAmountMinor(input, { maxMinor: MAX_TRANSFER_MINOR });
  if (!parsed.ok) throw badRequest(parsed.message, parsed.code);
  return parsed.amountMinor;
}

export type NewPlayerInput = { email: string; password: string; name: string; openingCredit?: unknown };

/** User, ledger accounts and opening credit in one transaction: all of it or none of it. */
export async function createPlayer(deps: AppDeps, input: NewPlayerInput): Promise<AdminPlayer> {
  const openingMinor = input.openingCredit === undefined ? 0n : parseCashAmount(input.openingCredit);
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  const playerId = await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, { email, name: input.name.trim(), role: 'player', passwordHash });
    if (!user) throw conflict('A user with this email already exists.', 'EMAIL_TAKEN');
    await deps.wallet.openPlayer(user.id, tx);
    if (openingMinor > 0n) {
      const credit = { playerId: user.id, amountMinor: openingMinor, remark: 'Opening credit' };
      const outcome = await deps.wallet.deposit({ ...credit, idempotencyKey: `opening:${user.id}` }, tx);
      if (!outcome.ok) throw ledgerHttpError(outcome);
    }
    return user.id;
  });
  const player = await findPlayer(deps.db, playerId);
  if (!player) throw new Error('created player vanished');
  return player;
}

export type CashDeskRequestInput = {
  playerId: string;
  amount: unknown;
  remark: string;
  idempotencyKey?: string;
};

export async function moveCash(
  deps: AppDeps,
  kind: 'deposit' | 'withdraw',
  input: CashDeskRequestInput,
): Promise<Extract<CashDeskOutcome, { ok: true }>> {
  const amountMinor = parseCashAmount(input.amount);
  const remark = input.remark.trim() || (kind === 'deposit' ? 'Deposit' : 'Withdrawal');
  const desk = { playerId: input.playerId, amountMinor, remark, idempotencyKey: input.idempotencyKey };
  const outcome = kind === 'deposit' ? await deps.wallet.deposit(desk) : await deps.wallet.withdraw(desk);
  if (!outcome.ok) throw ledgerHttpError(outcome, { UNKNOWN_ACCOUNT: PLAYER_NOT_FOUND });
  return outcome;
}

/**
 * Suspension takes effect at once: the player's tokens are revoked in the same transaction, and once it
 * has committed every instance drops the player's cached sessions.
 */
export async function changeStatus(
  deps: AppDeps,
  playerId: string,
  status: PlayerStatus,
): Promise<AdminPlayer> {
  await deps.db.transaction(async (tx) => {
    if (!(await setPlayerStatus(tx, playerId, status))) throw notFound(PLAYER_NOT_FOUND);
    if (status === 'suspended') await revokeAllSessions(tx, playerId);
  });
  // Only a suspension revokes anything; reactivating must not close the player's open sockets.
  if (status === 'suspended') await announceRevocation(deps.bus, { userId: playerId });
  const player = await findPlayer(deps.db, playerId);
  if (!player) throw notFound(PLAYER_NOT_FOUND);
  return player;
}
