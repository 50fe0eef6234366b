import type { DownlineItem, LockAccountRequest } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { ok, transactionResult, type Result } from '../../platform/rejections.ts';
import { announceStandingChange, announceTreeStandingChange } from '../admission/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { announceRevocation, setPlayerColumn } from '../auth/index.ts';
import { accountNotFound, type AgentsDeps, type Caller } from './agents-service.ts';
import { readChild } from './downline-repo.ts';
import { revokeSessionsOf, setAgentLock, subtreeUsers } from './locks-repo.ts';
import { subtreeAccount } from './report-scope.ts';
import type { TreeAccount } from './tree-repo.ts';

/**
 * The account `id` when the caller is one of its ancestors: staff are the house's, so any agent or
 * player; an agent only strictly below itself. Its own id, an ancestor's or one outside its subtree
 * answers 404 as an unknown id.
 */
export async function descendant(sql: Sql, caller: Caller, id: string): Promise<Result<TreeAccount>> {
  const account = await subtreeAccount(sql, caller, id);
  return account.ok && account.value.id === caller.id ? accountNotFound() : account;
}

type Flags = { login?: boolean; bet?: boolean };

/** A player's own login lock is its suspension, which the downline shows as its login lock. */
async function lockPlayer(tx: Sql, id: string, flags: Flags): Promise<Flags> {
  const before: Flags = {};
  if (flags.bet !== undefined) before.bet = (await setPlayerColumn(tx, id, 'bet_locked', flags.bet))?.before;
  if (flags.login !== undefined) {
    const set = await setPlayerColumn(tx, id, 'status', flags.login ? 'suspended' : 'active');
    before.login = set?.before === 'suspended';
  }
  return before;
}

async function lockAgent(tx: Sql, id: string, flags: Flags): Promise<Flags> {
  const before: Flags = {};
  if (flags.bet !== undefined) before.bet = await setAgentLock(tx, id, 'bet_locked', flags.bet);
  if (flags.login !== undefined) before.login = await setAgentLock(tx, id, 'login_locked', flags.login);
  return before;
}

/**
 * Tells every instance after the commit: a login lock revokes the subtree's sessions (their sockets
 * close on the revocation topic); a bet lock has the admission gates read the player again, or every
 * player when it sits on an agent, whose subtree the gate does not know.
 */
async function spread(deps: AgentsDeps, tx: Sql, account: TreeAccount, flags: Flags): Promise<void> {
  if (flags.login === true) {
    const users = await subtreeUsers(tx, account.id);
    await revokeSessionsOf(tx, users);
    afterCommit(async () => {
      for (const userId of users) await announceRevocation(deps.bus, { userId });
    });
  }
  if (flags.bet === undefined && account.kind === 'agent') return;
  afterCommit(() =>
    account.kind === 'player'
      ? announceStandingChange(deps.bus, account.id)
      : announceTreeStandingChange(deps.bus),
  );
}

/**
 * An ancestor locks or unlocks an account's sign-in and betting (docs/decisions/0290), each for the
 * account's whole subtree; audited with the reason in the same transaction. Unlocking lifts only the
 * account's own lock: one set higher up still applies.
 */
export async function lockAccount(
  deps: AgentsDeps,
  caller: Caller,
  id: string,
  input: LockAccountRequest,
  actor: AuditActor,
): Promise<Result<DownlineItem>> {
  const flags: Flags = { login: input.login, bet: input.bet };
  return transactionResult(deps.db, async (tx) => {
    const account = await descendant(tx, caller, id);
    if (!account.ok) return account;
    const target = account.value;
    const before =
      target.kind === 'agent'
        ? await lockAgent(tx, target.id, flags)
        : await lockPlayer(tx, target.id, flags);
    await spread(deps, tx, target, flags);
    await recordAudit(tx, actor, {
      action: 'account lock',
      target: `${target.kind}:${id}`,
      before,
      after: flags,
      reason: input.reason.trim(),
    });
    const item = await readChild(tx, target);
    if (!item) throw new Error('locked account vanished');
    return ok(item);
  });
}
