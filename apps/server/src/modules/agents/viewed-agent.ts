import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { accountNotFound, type Caller } from './agents-service.ts';
import { isWithin, readAgentProfile } from './tree-repo.ts';

/**
 * Whose view of the tree a read is: `accountId` when given, else a calling agent's own, else the
 * house's (null, for staff). An agent that is not the caller or below it answers 404, as one that does
 * not exist (docs/decisions/0287).
 */
export async function viewedAgent(
  sql: Sql,
  caller: Caller,
  accountId: string | undefined,
): Promise<Result<string | null>> {
  const viewed = accountId ?? (caller.isAgent ? caller.id : null);
  if (viewed === null) return ok(null);
  if (caller.isAgent && !(await isWithin(sql, caller.id, viewed))) return accountNotFound();
  if (!(await readAgentProfile(sql, viewed))) return accountNotFound();
  return ok(viewed);
}
