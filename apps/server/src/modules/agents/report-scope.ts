import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { accountNotFound, type Caller } from './agents-service.ts';
import { findAccount, isWithin, type TreeAccount } from './tree-repo.ts';

/**
 * An agent or player of the caller's subtree, the caller itself included: staff reach any; an agent
 * those at or below itself. Any other id answers 404.
 */
export async function subtreeAccount(sql: Sql, caller: Caller, id: string): Promise<Result<TreeAccount>> {
  const account = await findAccount(sql, id);
  return account && (await isInside(sql, caller, account)) ? ok(account) : accountNotFound();
}

/** Whether the account is the caller's or below it: staff hold the whole tree. */
export async function isInside(sql: Sql, caller: Caller, account: TreeAccount): Promise<boolean> {
  if (!caller.isAgent) return true;
  // A player is inside the subtree when its parent agent is.
  const anchor = account.kind === 'agent' ? account.id : account.parentId;
  return anchor !== null && (await isWithin(sql, caller.id, anchor));
}
