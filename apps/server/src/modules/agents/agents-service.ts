import { AGENT_MAX_DEPTH, type Agent, type CreateAgentRequest } from '@backlay/contracts';
import {
  formatMinor,
  MAX_TRANSFER_MINOR,
  parseAmountMinor,
  playerCashAccountId,
  type LedgerRequest,
} from '@backlay/ledger';
import type { Database, Sql } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { ok, reject, transactionResult, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { FastifyRequest } from 'fastify';
import { hashPassword, insertUser, requireUser } from '../auth/index.ts';
import { depositRequest, ledgerRejection, type WalletService } from '../wallet/index.ts';
import { findAgent, insertAgent, isWithin, lockParent } from './tree-repo.ts';

export type AgentsDeps = {
  db: Database;
  bus: Pick<Bus, 'publish'>;
  wallet: WalletService;
  env?: { TIME_ZONE: string };
  nowMs?: () => number;
};

/** Who asks: an agent acts inside its own subtree, staff over the whole tree. */
export type Caller = { id: string; isAgent: boolean };

/** The signed-in caller of a console route. */
export const callerOf = (request: FastifyRequest): Caller => {
  const user = requireUser(request);
  return { id: user.id, isAgent: user.role === 'agent' };
};

/** Answered for any account outside the caller's subtree, as for one that does not exist. */
export const accountNotFound = () =>
  reject('not_found', 'ACCOUNT_NOT_FOUND', 'There is no such account in your downline.');

/** An amount that may be zero (a credit reference), else as the cash desk parses it. */
export function parseMinor(input: unknown, field: string): Result<bigint> {
  if (
    input === undefined ||
    input === 0 ||
    (typeof input === 'string' && /^\s*0+(\.0{1,2})?\s*$/.test(input))
  )
    return ok(0n);
  const parsed = parseAmountMinor(input, { maxMinor: MAX_TRANSFER_MINOR });
  return parsed.ok ? ok(parsed.amountMinor) : reject('invalid', parsed.code, `${field}: ${parsed.message}`);
}

/** A limit as a parent sets it: a positive amount, or null for none. */
export function parseLimit(input: unknown, field: string): Result<bigint | null> {
  if (input === null) return ok(null);
  const parsed = parseAmountMinor(input, { maxMinor: MAX_TRANSFER_MINOR });
  return parsed.ok ? ok(parsed.amountMinor) : reject('invalid', parsed.code, `${field}: ${parsed.message}`);
}

type Parent = { id: string | null; level: number; shareBasisPoints: number };

/**
 * The parent a new agent goes under: the caller itself by default when it is an agent, the house for
 * staff; an agent may name only an agent of its own subtree, and only the owner's staff reach the house.
 */
async function resolveParent(tx: Sql, caller: Caller, parentId: string | undefined): Promise<Result<Parent>> {
  const id = parentId ?? (caller.isAgent ? caller.id : null);
  if (id === null) return ok({ id: null, level: 0, shareBasisPoints: 10_000 });
  if (caller.isAgent && !(await isWithin(tx, caller.id, id))) return accountNotFound();
  const parent = await lockParent(tx, id);
  return parent ? ok({ id, ...parent }) : accountNotFound();
}

function placementRefusal(parent: Parent, shareBasisPoints: number) {
  if (parent.level + 1 > AGENT_MAX_DEPTH)
    return reject(
      'conflict',
      'DEPTH_LIMIT_REACHED',
      `The network is at most ${AGENT_MAX_DEPTH} levels deep: this agent cannot have child agents.`,
    );
  if (shareBasisPoints > parent.shareBasisPoints)
    return reject(
      'conflict',
      'SHARE_ABOVE_PARENT',
      `The share may not be above the parent's own ${formatShare(parent.shareBasisPoints)} %.`,
    );
  return null;
}

const formatShare = (basisPoints: number) => (basisPoints / 100).toString();

/**
 * Opening chips of a new agent or player: from the parent agent's free balance, or issued by the house
 * for the top level.
 */
export function openingChipsRequest(
  parentId: string | null,
  childId: string,
  amountMinor: bigint,
  opening = { remark: 'Opening chips', key: `agent-opening:${childId}` },
): LedgerRequest {
  if (parentId === null) return depositRequest(childId, amountMinor, opening.remark, opening.key);
  return {
    op: 'transfer',
    idempotencyKey: opening.key,
    debitAccountId: playerCashAccountId(parentId),
    creditAccountId: playerCashAccountId(childId),
    amountMinor,
    kind: 'DEPOSIT',
    remark: opening.remark,
    reference: `agent:${parentId}`,
  };
}

/**
 * The agent a new player goes under, as for a new agent: the calling agent by default, the house (null)
 * for staff; an agent names only an agent of its own subtree (else 404).
 */
export async function playerParent(
  tx: Sql,
  caller: Caller,
  parentId?: string,
): Promise<Result<string | null>> {
  const parent = await resolveParent(tx, caller, parentId);
  return parent.ok ? ok(parent.value.id) : parent;
}

/**
 * User, tree row, ledger accounts, opening chips and the audit entry in one transaction: a refusal at
 * any step (a share above the parent's, chips beyond its free balance) leaves nothing behind.
 */
export async function createAgent(
  deps: AgentsDeps,
  caller: Caller,
  input: CreateAgentRequest,
  actor: AuditActor,
): Promise<Result<Agent>> {
  const credit = parseMinor(input.creditReference, 'creditReference');
  if (!credit.ok) return credit;
  const chips = parseMinor(input.openingChips, 'openingChips');
  if (!chips.ok) return chips;
  const shareBasisPoints = Math.round(input.sharePercent * 100);
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  const created = await transactionResult(deps.db, async (tx) => {
    const parent = await resolveParent(tx, caller, input.parentId);
    if (!parent.ok) return parent;
    const refusal = placementRefusal(parent.value, shareBasisPoints);
    if (refusal) return refusal;
    // An agent's chips sit in a cash account like a player's; its bet lock keeps them off the books.
    const name = input.name.trim();
    const user = await insertUser(tx, { email, name, role: 'agent', passwordHash, betLocked: true });
    if (!user) return reject('conflict', 'EMAIL_TAKEN', 'A user with this email already exists.');
    const level = parent.value.level + 1;
    const row = { userId: user.id, parentId: parent.value.id, level, shareBasisPoints };
    await insertAgent(tx, { ...row, creditReferenceMinor: credit.value });
    await deps.wallet.openPlayer(user.id);
    if (chips.value > 0n) {
      const outcome = await deps.wallet.execute(openingChipsRequest(parent.value.id, user.id, chips.value));
      if (!outcome.result.ok) return ledgerRejection(outcome.result);
    }
    const amounts = { creditReference: formatMinor(credit.value), openingChips: formatMinor(chips.value) };
    const after = { ...row, email, name, ...amounts };
    await recordAudit(tx, actor, { action: 'agent create', target: `agent:${user.id}`, after });
    return ok(user.id);
  });
  if (!created.ok) return created;
  const agent = await findAgent(deps.db, created.value);
  if (!agent) throw new Error('created agent vanished');
  return ok(agent);
}
