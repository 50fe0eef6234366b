import { playerCashAccountId } from './accounts.ts';
import { planHoldPost, planHoldReserve, planHoldResize, planHoldVoid } from './holds.ts';
import { accepted, reject, type Leg, type ReferenceBook } from './reference-book.ts';
import type {
  Hold,
  LedgerRequest,
  LedgerResult,
  PostHoldRequest,
  ReserveHoldRequest,
  ReverseRequest,
  TransferRequest,
} from './types.ts';

/**
 * The stateful rules of each operation, checked in the order listed in the README (the SQL adapter
 * must check in the same order so both return the same code). The request is already validated.
 */
export function applyRequest(book: ReferenceBook, request: LedgerRequest): LedgerResult {
  switch (request.op) {
    case 'transfer':
      return applyTransfer(book, request);
    case 'reverse':
      return applyReverse(book, request);
    case 'reserveHold':
      return applyReserve(book, request);
    case 'resizeHold':
      return withPendingHold(book, request.holdId, (hold) => {
        const legs = planHoldResize(hold.playerId, hold.heldMinor, request.amountMinor);
        return moveHold(book, request, hold, legs, { ...hold, heldMinor: request.amountMinor });
      });
    case 'postHold':
      return withPendingHold(book, request.holdId, (hold) => applyPost(book, request, hold));
    case 'voidHold':
      return withPendingHold(book, request.holdId, (hold) => {
        const legs = planHoldVoid(hold.playerId, hold.heldMinor);
        return moveHold(book, request, hold, legs, { ...hold, state: 'VOIDED', heldMinor: 0n });
      });
  }
}

/** UNKNOWN_ACCOUNT, RESERVED_ACCOUNT, INSUFFICIENT_FUNDS. */
function applyTransfer(book: ReferenceBook, request: TransferRequest): LedgerResult {
  const debit = book.accounts.get(request.debitAccountId);
  const credit = book.accounts.get(request.creditAccountId);
  if (!debit || !credit) return reject('UNKNOWN_ACCOUNT');
  if (debit.kind === 'PLAYER_HOLD' || credit.kind === 'PLAYER_HOLD') return reject('RESERVED_ACCOUNT');
  const leg: Leg = { ...request };
  const context = {
    remark: request.remark,
    reference: request.reference,
    holdId: null,
    reversesTransferId: null,
  };
  const posted = book.post(request.idempotencyKey, [leg], context);
  return Array.isArray(posted) ? accepted(posted, null) : posted;
}

/** UNKNOWN_TRANSFER, NOT_REVERSIBLE, ALREADY_REVERSED, INSUFFICIENT_FUNDS. */
function applyReverse(book: ReferenceBook, request: ReverseRequest): LedgerResult {
  const original = book.getTransfer(request.transferId);
  if (!original) return reject('UNKNOWN_TRANSFER');
  // Hold movements are undone by resizing or voiding the hold; a reversal is undone by a new transfer.
  if (original.holdId !== null || original.reversesTransferId !== null) return reject('NOT_REVERSIBLE');
  if (book.reversedBy.has(original.id)) return reject('ALREADY_REVERSED');
  const leg: Leg = {
    debitAccountId: original.creditAccountId,
    creditAccountId: original.debitAccountId,
    amountMinor: original.amountMinor,
    kind: 'REVERSAL',
  };
  const context = {
    remark: request.remark,
    reference: original.reference,
    holdId: null,
    reversesTransferId: original.id,
  };
  const posted = book.post(request.idempotencyKey, [leg], context);
  if (!Array.isArray(posted)) return posted;
  const [reversal] = posted;
  if (reversal) book.reversedBy.set(original.id, reversal.id);
  return accepted(posted, null);
}

/** HOLD_EXISTS, UNKNOWN_ACCOUNT (player not opened), INSUFFICIENT_FUNDS. */
function applyReserve(book: ReferenceBook, request: ReserveHoldRequest): LedgerResult {
  if (book.holds.has(request.holdId)) return reject('HOLD_EXISTS');
  if (!book.accounts.has(playerCashAccountId(request.playerId))) return reject('UNKNOWN_ACCOUNT');
  const hold: Hold = {
    holdId: request.holdId,
    playerId: request.playerId,
    state: 'PENDING',
    heldMinor: request.amountMinor,
    postedMinor: 0n,
    destinationAccountId: null,
    reference: request.reference,
  };
  const legs = planHoldReserve(request.playerId, request.amountMinor);
  return moveHold(book, request, hold, legs, hold);
}

/** (after UNKNOWN_HOLD, HOLD_CLOSED) UNKNOWN_ACCOUNT, RESERVED_ACCOUNT, EXCEEDS_HOLD. */
function applyPost(book: ReferenceBook, request: PostHoldRequest, hold: Hold): LedgerResult {
  const destination = book.accounts.get(request.destinationAccountId);
  if (!destination) return reject('UNKNOWN_ACCOUNT');
  if (destination.kind === 'PLAYER_HOLD') return reject('RESERVED_ACCOUNT');
  if (request.amountMinor > hold.heldMinor) return reject('EXCEEDS_HOLD');
  const legs = planHoldPost(hold.playerId, hold.heldMinor, request.amountMinor, destination.accountId);
  return moveHold(book, request, hold, legs, {
    ...hold,
    state: 'POSTED',
    heldMinor: 0n,
    postedMinor: request.amountMinor,
    destinationAccountId: destination.accountId,
  });
}

/** UNKNOWN_HOLD, then HOLD_CLOSED. */
function withPendingHold(
  book: ReferenceBook,
  holdId: string,
  then: (hold: Hold) => LedgerResult,
): LedgerResult {
  const hold = book.holds.get(holdId);
  if (!hold) return reject('UNKNOWN_HOLD');
  return hold.state === 'PENDING' ? then(hold) : reject('HOLD_CLOSED');
}

/** Posts a hold operation's legs and, only if they all succeed, stores the hold's next state. */
function moveHold(
  book: ReferenceBook,
  request: LedgerRequest,
  hold: Hold,
  legs: readonly Leg[],
  next: Hold,
): LedgerResult {
  const context = {
    remark: request.remark,
    reference: hold.reference,
    holdId: hold.holdId,
    reversesTransferId: null,
  };
  const posted = book.post(request.idempotencyKey, legs, context);
  if (!Array.isArray(posted)) return posted;
  const stored = Object.freeze({ ...next });
  book.holds.set(hold.holdId, stored);
  return accepted(posted, stored);
}
