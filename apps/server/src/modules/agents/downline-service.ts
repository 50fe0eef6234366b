import type { DownlineResponse } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { accountNotFound, type Caller } from './agents-service.ts';
import { readDownline } from './downline-repo.ts';
import { isWithin, readAgentProfile } from './tree-repo.ts';

export type DownlineRequest = { accountId?: string | undefined; cursor?: string | undefined; limit: number };

/**
 * Direct children of `accountId`: by default the calling agent's own, the house's for staff. An agent
 * reaches only accounts of its own subtree; any other answers 404 as one that does not exist.
 */
export async function downline(
  sql: Sql,
  caller: Caller,
  query: DownlineRequest,
): Promise<Result<DownlineResponse>> {
  const parentId = query.accountId ?? (caller.isAgent ? caller.id : null);
  const page = { cursor: query.cursor, limit: query.limit };
  if (parentId === null) return ok(await readDownline(sql, { ...page, parentId, parentLevel: 0 }));
  if (caller.isAgent && !(await isWithin(sql, caller.id, parentId))) return accountNotFound();
  const parent = await readAgentProfile(sql, parentId);
  if (!parent) return accountNotFound();
  return ok(await readDownline(sql, { ...page, parentId, parentLevel: parent.level }));
}
