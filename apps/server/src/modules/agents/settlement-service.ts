import type { DownlineItem, SettlementRequest } from '@backlay/contracts';
import {
  agentPlAccountId,
  formatMinor,
  MAX_TRANSFER_MINOR,
  parseAmountMinor,
  parseFormattedMinor,
  playerCashAccountId,
  SYSTEM_ACCOUNT_IDS,
  type LedgerRequest,
} from '@backlay/ledger';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/database.ts';
import { ok, reject, transactionResult, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { ledgerRejection, lockAgentPl, lockCash } from '../wallet/index.ts';
import type { AgentsDeps, Caller } from './agents-service.ts';
import { directChild } from './chips-service.ts';
import { readChild } from './downline-repo.ts';
import type { TreeAccount } from './tree-repo.ts';

const aboveProfitLoss = (plMinor: bigint) =>
  reject(
    'unprocessable',
    'SETTLEMENT_ABOVE_PL',
    `A settlement moves the P/L toward zero and never past it: at most ${formatMinor(plMinor < 0n ? -plMinor : plMinor)}.`,
  );

/** Where the parent's side of a settlement sits: its own P/L account, or the house's for the top level. */
const parentPlAccount = (child: TreeAccount) =>
  child.parentId === null ? SYSTEM_ACCOUNT_IDS.HOUSE : agentPlAccountId(child.parentId);

/** The parent's cash, or the house's issuance account for a player of the house, as for chips. */
const parentCashAccount = (child: TreeAccount) =>
  child.parentId === null ? SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING : playerCashAccountId(child.parentId);

/**
 * The transfer that moves the pair's P/L toward zero by `amountMinor` (docs/decisions/0291): for a child
 * agent between its P/L account and its parent's, for a player its chips (out when it is up, in when it
 * is down), as the cash paid outside the portal stands for them. Null when it would pass zero.
 */
async function settlementTransfer(
  tx: Sql,
  child: TreeAccount,
  amountMinor: bigint,
  remark: string,
): Promise<Result<LedgerRequest>> {
  const agent = child.kind === 'agent';
  const plMinor = agent ? await lockAgentPl(tx, child.id) : await playerPl(tx, child);
  if (plMinor === 0n || amountMinor > (plMinor < 0n ? -plMinor : plMinor)) return aboveProfitLoss(plMinor);
  const own = agent ? agentPlAccountId(child.id) : playerCashAccountId(child.id);
  const parent = agent ? parentPlAccount(child) : parentCashAccount(child);
  const up = plMinor > 0n;
  return ok({
    op: 'transfer',
    idempotencyKey: `agent-settlement:${randomUUID()}`,
    debitAccountId: up ? own : parent,
    creditAccountId: up ? parent : own,
    amountMinor,
    kind: agent ? 'AGENT_SETTLEMENT' : up ? 'WITHDRAW' : 'DEPOSIT',
    remark: remark === '' ? 'Settlement' : `Settlement: ${remark}`,
    reference: child.parentId === null ? '' : `agent:${child.parentId}`,
  });
}

/** A player's P/L as its parent reads it: balance + exposure − credit reference, its cash locked. */
async function playerPl(tx: Sql, child: TreeAccount): Promise<bigint> {
  await lockCash(tx, child.id);
  const item = await readChild(tx, child);
  if (!item) throw new Error('settled with a vanished account');
  return parseFormattedMinor(item.pl);
}

/**
 * Records cash the caller and its direct child settled outside the portal, in one transaction with its
 * audit entry, and answers the child's downline row.
 */
export async function settleWithChild(
  deps: AgentsDeps,
  caller: Caller,
  id: string,
  input: SettlementRequest,
  actor: AuditActor,
): Promise<Result<DownlineItem>> {
  const parsed = parseAmountMinor(input.amount, { maxMinor: MAX_TRANSFER_MINOR });
  if (!parsed.ok) return reject('invalid', parsed.code, `amount: ${parsed.message}`);
  const remark = (input.remark ?? '').trim();
  return transactionResult(deps.db, async (tx) => {
    const child = await directChild(tx, caller, id);
    if (!child.ok) return child;
    const request = await settlementTransfer(tx, child.value, parsed.amountMinor, remark);
    if (!request.ok) return request;
    const outcome = await deps.wallet.execute(request.value);
    if (!outcome.result.ok) return ledgerRejection(outcome.result);
    const item = await readChild(tx, child.value);
    if (!item) throw new Error('settled with a vanished account');
    const after = { amount: formatMinor(parsed.amountMinor), remark, pl: item.pl };
    const target = `${child.value.kind}:${id}`;
    await recordAudit(tx, actor, { action: 'account settlement', target, after });
    return ok(item);
  });
}
