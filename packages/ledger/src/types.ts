import type { AccountId } from './accounts.ts';
import type { LedgerCode } from './codes.ts';

/** Kinds a caller may post directly with a plain transfer. */
export const PLAIN_TRANSFER_KINDS = [
  'DEPOSIT',
  'WITHDRAW',
  'BET_WIN',
  'BET_LOSS',
  'COMMISSION',
  'CASINO_BET',
  'CASINO_WIN',
  // An agent's share of a settled result, and cash a parent and child settled outside the portal (0291).
  'AGENT_SHARE',
  'AGENT_SETTLEMENT',
] as const;
export type PlainTransferKind = (typeof PLAIN_TRANSFER_KINDS)[number];

/** Kinds only the ledger itself produces: hold movements and compensating reversals. */
export const HOLD_TRANSFER_KINDS = ['BET_HOLD', 'BET_RELEASE', 'BET_SETTLE'] as const;
export type HoldTransferKind = (typeof HOLD_TRANSFER_KINDS)[number];

export type TransferKind = PlainTransferKind | HoldTransferKind | 'REVERSAL';

/** Positive integer assigned in posting order; the SQL adapter uses a BIGINT identity column. */
export type TransferId = number;

/** A posted transfer. Append-only: never updated, never deleted. */
export interface Transfer {
  readonly id: TransferId;
  /** `${operationKey}#${legIndex}` — unique across all transfers. */
  readonly idempotencyKey: string;
  readonly debitAccountId: AccountId;
  readonly creditAccountId: AccountId;
  /** Always > 0. */
  readonly amountMinor: bigint;
  readonly kind: TransferKind;
  readonly remark: string;
  /** Caller's reference (bet, market, casino transaction…); '' when none. */
  readonly reference: string;
  readonly holdId: string | null;
  readonly reversesTransferId: TransferId | null;
}

export type HoldState = 'PENDING' | 'POSTED' | 'VOIDED';

export interface Hold {
  readonly holdId: string;
  readonly playerId: string;
  readonly state: HoldState;
  /** Currently reserved; 0 once the hold is closed. */
  readonly heldMinor: bigint;
  /** What went to the destination when posted; 0 otherwise. */
  readonly postedMinor: bigint;
  readonly destinationAccountId: AccountId | null;
  readonly reference: string;
}

interface Keyed {
  /** Client-chosen; 1–128 printable ASCII characters. */
  readonly idempotencyKey: string;
}

export interface TransferRequest extends Keyed {
  readonly op: 'transfer';
  readonly debitAccountId: AccountId;
  readonly creditAccountId: AccountId;
  readonly amountMinor: bigint;
  readonly kind: PlainTransferKind;
  readonly remark: string;
  readonly reference: string;
}

export interface ReverseRequest extends Keyed {
  readonly op: 'reverse';
  readonly transferId: TransferId;
  readonly remark: string;
}

export interface ReserveHoldRequest extends Keyed {
  readonly op: 'reserveHold';
  readonly holdId: string;
  readonly playerId: string;
  /** May be 0: exposure can be zero and still be tracked. */
  readonly amountMinor: bigint;
  readonly remark: string;
  readonly reference: string;
}

export interface ResizeHoldRequest extends Keyed {
  readonly op: 'resizeHold';
  readonly holdId: string;
  /** The new total to hold (not a delta). */
  readonly amountMinor: bigint;
  readonly remark: string;
}

export interface PostHoldRequest extends Keyed {
  readonly op: 'postHold';
  readonly holdId: string;
  /** Goes to the destination; the rest of the hold returns to the player's cash. */
  readonly amountMinor: bigint;
  readonly destinationAccountId: AccountId;
  readonly remark: string;
}

export interface VoidHoldRequest extends Keyed {
  readonly op: 'voidHold';
  readonly holdId: string;
  readonly remark: string;
}

export type LedgerRequest =
  | TransferRequest
  | ReverseRequest
  | ReserveHoldRequest
  | ResizeHoldRequest
  | PostHoldRequest
  | VoidHoldRequest;

export type LedgerOp = LedgerRequest['op'];

/** A request body without its `op` tag, as taken by the per-operation methods. */
export type Body<R extends LedgerRequest> = Omit<R, 'op'>;

export interface LedgerOk {
  readonly ok: true;
  /** Transfers this operation posted, in leg order; may be empty (e.g. a resize to the same amount). */
  readonly transfers: readonly Transfer[];
  /** The hold after the operation, for hold operations; null otherwise. */
  readonly hold: Hold | null;
}

export interface LedgerRejected {
  readonly ok: false;
  readonly code: LedgerCode;
  readonly message: string;
}

export type LedgerResult = LedgerOk | LedgerRejected;
