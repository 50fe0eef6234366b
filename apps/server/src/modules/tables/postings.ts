import { playerCashAccountId, SYSTEM_ACCOUNT_IDS, type LedgerRequest } from '@backlay/ledger';
import type { TablesContext } from './context.ts';

/**
 * Table money is plain transfers between the player's cash and the house (docs/decisions/0150): a bet
 * CASINO_BET cash → house when placed, a win or refund CASINO_WIN house → cash at settlement. Keys are
 * made from bet ids, so a settlement that runs again posts nothing twice.
 */
export function stakeTransfer(input: {
  key: string;
  playerId: string;
  amountMinor: bigint;
  reference: string;
  remark: string;
}): LedgerRequest {
  return {
    op: 'transfer',
    idempotencyKey: input.key,
    debitAccountId: playerCashAccountId(input.playerId),
    creditAccountId: SYSTEM_ACCOUNT_IDS.HOUSE,
    amountMinor: input.amountMinor,
    kind: 'CASINO_BET',
    remark: input.remark,
    reference: input.reference,
  };
}

export function returnTransfer(input: {
  key: string;
  playerId: string;
  amountMinor: bigint;
  reference: string;
  remark: string;
}): LedgerRequest {
  return {
    op: 'transfer',
    idempotencyKey: input.key,
    debitAccountId: SYSTEM_ACCOUNT_IDS.HOUSE,
    creditAccountId: playerCashAccountId(input.playerId),
    amountMinor: input.amountMinor,
    kind: 'CASINO_WIN',
    remark: input.remark,
    reference: input.reference,
  };
}

/** Posts a settlement transfer; the house side never lacks funds, so a rejection here is a bug. */
export async function postReturn(
  context: Pick<TablesContext, 'wallet'>,
  request: LedgerRequest,
): Promise<void> {
  const outcome = await context.wallet.execute(request);
  if (!outcome.result.ok) {
    throw new Error(`settlement transfer ${request.idempotencyKey} refused: ${outcome.result.code}`);
  }
}

export const roundReference = (tableId: string, roundId: number) => `table:${tableId}:${roundId}`;

/** Remarks the statement shows: "Dragon Tiger · round 1234 · Dragon". */
export const roundRemark = (tableName: string, roundId: number, detail: string) =>
  `${tableName} · round ${roundId} · ${detail}`;
