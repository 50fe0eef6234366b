import type { ChipsRequest, DownlineItem } from '@backlay/contracts';
import {
  formatMinor,
  MAX_TRANSFER_MINOR,
  parseAmountMinor,
  playerCashAccountId,
  SYSTEM_ACCOUNT_IDS,
  type LedgerRequest,
} from '@backlay/ledger';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/database.ts';
import { ok, reject, transactionResult, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { depositRefusal } from '../protection/index.ts';
import { ledgerRejection } from '../wallet/index.ts';
import { accountNotFound, type AgentsDeps, type Caller } from './agents-service.ts';
import { readChild } from './downline-repo.ts';
import { isInside } from './report-scope.ts';
import { findAccount, type TreeAccount } from './tree-repo.ts';

/** A grandchild or deeper account of the caller's own subtree: it exists for the caller, but is not its to move. */
const notDirectChild = () =>
  reject(
    'conflict',
    'NOT_DIRECT_CHILD',
    'Only the account’s parent may do this: chips and limits move one level at a time.',
  );

/**
 * The account `id` when it is the caller's direct child (the house's for staff). Outside an agent's
 * subtree it answers 404 as an unknown id; deeper inside it, 409 NOT_DIRECT_CHILD.
 */
export async function directChild(sql: Sql, caller: Caller, id: string): Promise<Result<TreeAccount>> {
  const account = await findAccount(sql, id);
  if (!account) return accountNotFound();
  const parentId = caller.isAgent ? caller.id : null;
  if (account.parentId === parentId && account.id !== caller.id) return ok(account);
  return (await isInside(sql, caller, account)) ? notDirectChild() : accountNotFound();
}

/**
 * One ledger transfer between the parent's cash (the house's issuance account for the top level, as
 * the cash desk issues money) and the child's; the ledger refuses a debit beyond the free balance.
 */
function chipsTransfer(child: TreeAccount, direction: 'in' | 'out', amountMinor: bigint, remark: string) {
  const parent =
    child.parentId === null ? SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING : playerCashAccountId(child.parentId);
  const childCash = playerCashAccountId(child.id);
  const label = direction === 'in' ? 'Chips in' : 'Chips out';
  const request: LedgerRequest = {
    op: 'transfer',
    idempotencyKey: `chips:${randomUUID()}`,
    debitAccountId: direction === 'in' ? parent : childCash,
    creditAccountId: direction === 'in' ? childCash : parent,
    amountMinor,
    // The statement names the move by its remark; the kinds stay the ledger's own.
    kind: direction === 'in' ? 'DEPOSIT' : 'WITHDRAW',
    remark: remark === '' ? label : `${label}: ${remark}`,
    reference: child.parentId === null ? '' : `agent:${child.parentId}`,
  };
  return request;
}

/**
 * Moves chips between the caller and its direct child in one transaction with its audit entry, and
 * answers the child's downline row. A player's chips in count as a deposit against its deposit limits.
 */
export async function moveChips(
  deps: AgentsDeps,
  caller: Caller,
  id: string,
  input: ChipsRequest,
  actor: AuditActor,
): Promise<Result<DownlineItem>> {
  const parsed = parseAmountMinor(input.amount, { maxMinor: MAX_TRANSFER_MINOR });
  if (!parsed.ok) return reject('invalid', parsed.code, `amount: ${parsed.message}`);
  const amountMinor = parsed.amountMinor;
  const remark = (input.remark ?? '').trim();
  return transactionResult(deps.db, async (tx) => {
    const child = await directChild(tx, caller, id);
    if (!child.ok) return child;
    if (child.value.kind === 'player' && input.direction === 'in') {
      const nowMs = (deps.nowMs ?? Date.now)();
      const timeZone = deps.env?.TIME_ZONE ?? 'UTC';
      const refusal = await depositRefusal(tx, id, amountMinor, nowMs, timeZone);
      if (refusal) return refusal;
    }
    const outcome = await deps.wallet.execute(
      chipsTransfer(child.value, input.direction, amountMinor, remark),
    );
    if (!outcome.result.ok) return ledgerRejection(outcome.result);
    const item = await readChild(tx, child.value);
    if (!item) throw new Error('moved chips of a vanished account');
    const after = {
      direction: input.direction,
      amount: formatMinor(amountMinor),
      remark,
      balance: item.balance,
    };
    const target = `${child.value.kind}:${id}`;
    await recordAudit(tx, actor, { action: `chips ${input.direction}`, target, after });
    return ok(item);
  });
}
