import type { Hold, LedgerOk, Transfer, TransferKind } from '@backlay/ledger';
import type { PlannedTransfer } from '@backlay/ledger';

/**
 * JSON shapes exchanged with the SQL functions and stored in ledger_operations.result. Amounts travel
 * as decimal strings of minor units so no bigint ever passes through a float.
 */
type TransferJson = Omit<Transfer, 'amountMinor' | 'id' | 'reversesTransferId'> & {
  id: number | string;
  amountMinor: string;
  reversesTransferId: number | string | null;
};
type HoldJson = Omit<Hold, 'heldMinor' | 'postedMinor'> & { heldMinor: string; postedMinor: string };
export type ResultJson = { ok: true; transfers: TransferJson[]; hold: HoldJson | null };

export function legsJson(legs: readonly PlannedTransfer[] | readonly LegInput[]): string {
  return JSON.stringify(
    legs.map((leg) => ({
      debit: leg.debitAccountId,
      credit: leg.creditAccountId,
      amount: leg.amountMinor.toString(),
      kind: leg.kind,
    })),
  );
}

export type LegInput = {
  debitAccountId: string;
  creditAccountId: string;
  amountMinor: bigint;
  kind: TransferKind;
};

export function decodeTransfer(json: TransferJson): Transfer {
  return Object.freeze({
    ...json,
    id: Number(json.id),
    amountMinor: BigInt(json.amountMinor),
    reversesTransferId: json.reversesTransferId === null ? null : Number(json.reversesTransferId),
  });
}

export function encodeHold(hold: Hold): HoldJson {
  return { ...hold, heldMinor: hold.heldMinor.toString(), postedMinor: hold.postedMinor.toString() };
}

export function decodeHold(json: HoldJson): Hold {
  return Object.freeze({ ...json, heldMinor: BigInt(json.heldMinor), postedMinor: BigInt(json.postedMinor) });
}

export function decodeResult(json: ResultJson): LedgerOk {
  return Object.freeze({
    ok: true,
    transfers: Object.freeze(json.transfers.map(decodeTransfer)),
    hold: json.hold ? decodeHold(json.hold) : null,
  });
}

/** What changed for one player, published after commit (version = last transfer id, for ordering). */
export type BalanceChange = {
  playerId: string;
  cashMinor: bigint;
  exposureMinor: bigint;
  version: number;
};

/** `{"cash:p": "100", "hold:p": "0"}` from ledger_player_balances → one change per player. */
export function changesFromBalances(balances: Record<string, string>, version: number): BalanceChange[] {
  const byPlayer = new Map<string, BalanceChange>();
  for (const [accountId, text] of Object.entries(balances)) {
    const [prefix, ...rest] = accountId.split(':');
    const playerId = rest.join(':');
    const change = byPlayer.get(playerId) ?? { playerId, cashMinor: 0n, exposureMinor: 0n, version };
    if (prefix === 'cash') change.cashMinor = BigInt(text);
    else if (prefix === 'hold') change.exposureMinor = BigInt(text);
    byPlayer.set(playerId, change);
  }
  return [...byPlayer.values()];
}
