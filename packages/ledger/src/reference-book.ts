import { mayGoNegative, type Account, type AccountId } from './accounts.ts';
import { messageFor, type LedgerCode } from './codes.ts';
import { transferKeyFor } from './holds.ts';
import type { LedgerState } from './invariants.ts';
import type { Hold, LedgerOk, LedgerRejected, Transfer, TransferId, TransferKind } from './types.ts';

/** One money movement an operation wants to make, before it gets an id and a key. */
export interface Leg {
  readonly debitAccountId: AccountId;
  readonly creditAccountId: AccountId;
  readonly amountMinor: bigint;
  readonly kind: TransferKind;
}

/** Fields every leg of one operation shares. */
export interface LegContext {
  readonly remark: string;
  readonly reference: string;
  readonly holdId: string | null;
  readonly reversesTransferId: TransferId | null;
}

export function reject(code: LedgerCode): LedgerRejected {
  return Object.freeze({ ok: false, code, message: messageFor(code) });
}

export function accepted(transfers: readonly Transfer[], hold: Hold | null): LedgerOk {
  return Object.freeze({ ok: true, transfers: Object.freeze([...transfers]), hold });
}

/** The reference ledger's tables, in plain maps: what the SQL adapter keeps in its tables. */
export class ReferenceBook {
  readonly accounts = new Map<AccountId, Account>();
  readonly balancesMinor = new Map<AccountId, bigint>();
  readonly transfers: Transfer[] = [];
  readonly reversedBy = new Map<TransferId, TransferId>();
  readonly holds = new Map<string, Hold>();

  open(account: Account): void {
    this.accounts.set(account.accountId, account);
    this.balancesMinor.set(account.accountId, 0n);
  }

  getTransfer(transferId: TransferId): Transfer | undefined {
    // Ids are assigned 1, 2, 3… in posting order and never reused.
    return Number.isSafeInteger(transferId) ? this.transfers[transferId - 1] : undefined;
  }

  state(): LedgerState {
    return {
      accounts: this.accounts,
      balancesMinor: this.balancesMinor,
      transfers: this.transfers,
      holds: this.holds,
    };
  }

  /**
   * All legs or none: balances are computed for the whole operation first, and if the legs take money
   * from a player account and leave it below zero nothing is written and the result is
   * INSUFFICIENT_FUNDS. Money to a player is never refused: a cash account that a re-settlement left
   * below zero (the server's overdraft, docs/decisions/0252) comes back with deposits and wins.
   */
  post(operationKey: string, legs: readonly Leg[], context: LegContext): Transfer[] | LedgerRejected {
    const nextMinor = new Map<AccountId, bigint>();
    const balance = (id: AccountId) => nextMinor.get(id) ?? this.balancesMinor.get(id) ?? 0n;
    for (const leg of legs) {
      nextMinor.set(leg.debitAccountId, balance(leg.debitAccountId) - leg.amountMinor);
      nextMinor.set(leg.creditAccountId, balance(leg.creditAccountId) + leg.amountMinor);
    }
    for (const [accountId, balanceMinor] of nextMinor) {
      const account = this.accounts.get(accountId);
      if (!account) return reject('UNKNOWN_ACCOUNT');
      const takenFrom = balanceMinor < (this.balancesMinor.get(accountId) ?? 0n);
      if (balanceMinor < 0n && takenFrom && !mayGoNegative(account.kind)) return reject('INSUFFICIENT_FUNDS');
    }
    const posted = legs.map((leg, legIndex) =>
      Object.freeze<Transfer>({
        id: this.transfers.length + legIndex + 1,
        idempotencyKey: transferKeyFor(operationKey, legIndex),
        debitAccountId: leg.debitAccountId,
        creditAccountId: leg.creditAccountId,
        amountMinor: leg.amountMinor,
        kind: leg.kind,
        ...context,
      }),
    );
    this.transfers.push(...posted);
    for (const [accountId, balanceMinor] of nextMinor) this.balancesMinor.set(accountId, balanceMinor);
    return posted;
  }
}
