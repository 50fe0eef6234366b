import { playerCashAccountId, SYSTEM_ACCOUNT_IDS, type LedgerRequest } from '@backlay/ledger';
import type { Rejection } from '../../platform/rejections.ts';
import { ledgerRejection } from '../wallet/index.ts';
import type { TablesContext } from './context.ts';
import { tableError } from './errors.ts';

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

/**
 * Posts every settlement transfer of a round in one ledger call (docs/decisions/0174), inside the
 * settlement's transaction. The house side never lacks funds, so any rejection here is a bug.
 */
export async function postReturns(
  context: Pick<TablesContext, 'wallet'>,
  requests: readonly LedgerRequest[],
): Promise<void> {
  const outcomes = await context.wallet.executeMany(requests);
  outcomes.forEach((outcome, index) => {
    if (!outcome.result.ok) {
      const key = requests[index]!.idempotencyKey;
      throw new Error(`settlement transfer ${key} refused: ${outcome.result.code}`);
    }
  });
}

/**
 * A stake the ledger refused: insufficient funds or a loss limit in the gate's words (as every product
 * says them), anything else as the ledger's.
 */
export function stakeRefusal(rejection: { code: string; message: string }): Rejection {
  if (rejection.code === 'INSUFFICIENT_FUNDS' || rejection.code === 'LOSS_LIMIT_REACHED')
    return tableError(rejection.code);
  return ledgerRejection(rejection);
}

export const roundReference = (tableId: string, roundId: number) => `table:${tableId}:${roundId}`;

/** Remarks the statement shows: "Dragon Tiger · round 1234 · Dragon". */
export const roundRemark = (tableName: string, roundId: number, detail: string) =>
  `${tableName} · round ${roundId} · ${detail}`;
