import {
  playerAccounts,
  playerCashAccountId,
  playerHoldAccountId,
  systemAccounts,
  agentPlAccount,
  type AccountId,
} from './accounts.ts';
import { fingerprintOf } from './fingerprint.ts';
import type { LedgerState } from './invariants.ts';
import { ReferenceBook, reject } from './reference-book.ts';
import { applyRequest } from './reference-ops.ts';
import type {
  Body,
  Hold,
  LedgerOk,
  LedgerRejected,
  LedgerRequest,
  LedgerResult,
  PostHoldRequest,
  ReserveHoldRequest,
  ResizeHoldRequest,
  ReverseRequest,
  Transfer,
  TransferId,
  TransferRequest,
  VoidHoldRequest,
} from './types.ts';
import { checkKey, isValidPlayerId, validateRequest } from './validate.ts';

export type OpenPlayerResult =
  | {
      readonly ok: true;
      readonly created: boolean;
      readonly cashAccountId: AccountId;
      readonly holdAccountId: AccountId;
    }
  | LedgerRejected;

/**
 * The slow, obviously-correct ledger: plain maps, one operation at a time, every rule checked in the
 * documented order. The SQL adapter is tested against it. Successful operations are remembered by
 * idempotency key with their fingerprint and result; rejected ones leave no trace, the key included.
 */
export class ReferenceLedger {
  readonly #book = new ReferenceBook();
  readonly #operations = new Map<string, { readonly fingerprint: string; readonly result: LedgerOk }>();

  constructor() {
    for (const account of systemAccounts()) this.#book.open(account);
  }

  /** Opens the player's cash and hold accounts; opening an existing player again changes nothing. */
  openPlayer(playerId: string): OpenPlayerResult {
    if (!isValidPlayerId(playerId)) return reject('INVALID_FIELD');
    const created = !this.#book.accounts.has(playerCashAccountId(playerId));
    if (created) for (const account of playerAccounts(playerId)) this.#book.open(account);
    return {
      ok: true,
      created,
      cashAccountId: playerCashAccountId(playerId),
      holdAccountId: playerHoldAccountId(playerId),
    };
  }

  /** Opens an agent's P/L account; opening it again changes nothing. */
  openAgentPl(agentId: string): void {
    const account = agentPlAccount(agentId);
    if (!this.#book.accounts.has(account.accountId)) this.#book.open(account);
  }

  /**
   * Runs one operation: INVALID_KEY; then a known key answers from memory (the first result, or
   * DUPLICATE_KEY_DIFFERENT_BODY when the fingerprint differs); then body validation; then the rules.
   */
  execute(request: LedgerRequest): LedgerResult {
    const keyProblem = checkKey(request.idempotencyKey);
    if (keyProblem) return reject(keyProblem);
    const fingerprint = fingerprintOf(request);
    const previous = this.#operations.get(request.idempotencyKey);
    if (previous) {
      return previous.fingerprint === fingerprint ? previous.result : reject('DUPLICATE_KEY_DIFFERENT_BODY');
    }
    const invalid = validateRequest(request);
    if (invalid) return reject(invalid);
    const result = applyRequest(this.#book, request);
    if (result.ok) this.#operations.set(request.idempotencyKey, { fingerprint, result });
    return result;
  }

  /** Moves money from the debit account to the credit account. */
  transfer(body: Body<TransferRequest>): LedgerResult {
    return this.execute({ ...body, op: 'transfer' });
  }
  /** Posts the mirror image of a plain transfer, at most once per transfer. */
  reverse(body: Body<ReverseRequest>): LedgerResult {
    return this.execute({ ...body, op: 'reverse' });
  }
  /** Opens a PENDING hold, moving its amount from the player's cash to their hold account. */
  reserveHold(body: Body<ReserveHoldRequest>): LedgerResult {
    return this.execute({ ...body, op: 'reserveHold' });
  }
  /** Sets a pending hold to a new total, moving only the difference. */
  resizeHold(body: Body<ResizeHoldRequest>): LedgerResult {
    return this.execute({ ...body, op: 'resizeHold' });
  }
  /** Settles a pending hold: part to a destination, the rest back to cash. */
  postHold(body: Body<PostHoldRequest>): LedgerResult {
    return this.execute({ ...body, op: 'postHold' });
  }
  /** Cancels a pending hold: everything back to cash. */
  voidHold(body: Body<VoidHoldRequest>): LedgerResult {
    return this.execute({ ...body, op: 'voidHold' });
  }

  balanceOf(accountId: AccountId): bigint | undefined {
    return this.#book.balancesMinor.get(accountId);
  }

  /** What the balance socket sends: spendable cash and total exposure held. */
  playerBalances(playerId: string): { cashMinor: bigint; exposureMinor: bigint } | undefined {
    const cashMinor = this.balanceOf(playerCashAccountId(playerId));
    const exposureMinor = this.balanceOf(playerHoldAccountId(playerId));
    return cashMinor === undefined || exposureMinor === undefined ? undefined : { cashMinor, exposureMinor };
  }

  getHold(holdId: string): Hold | undefined {
    return this.#book.holds.get(holdId);
  }

  getTransfer(transferId: TransferId): Transfer | undefined {
    return this.#book.getTransfer(transferId);
  }

  /** Read-only view of everything, for checkInvariants and for comparing with the SQL adapter. */
  state(): LedgerState {
    return this.#book.state();
  }
}
