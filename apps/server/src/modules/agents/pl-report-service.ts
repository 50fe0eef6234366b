import type { DownlinePl, DownlinePlGroup, DownlinePlRow, PlFigures } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { resolveDayRange } from '../reports/index.ts';
import type { Caller } from './agents-service.ts';
import { readPlSums, type PlSums, type Viewer } from './pl-report-repo.ts';
import { readAgentProfile } from './tree-repo.ts';
import { viewedAgent } from './viewed-agent.ts';

export type DownlinePlRequest = {
  accountId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  groupBy: DownlinePlGroup;
};

const figuresOf = (sums: Omit<PlSums, 'key' | 'name'>): PlFigures => ({
  turnover: formatMinor(sums.turnover),
  playersPl: formatMinor(sums.playersPl),
  ownShare: formatMinor(sums.ownShare),
  uplineShare: formatMinor(sums.uplineShare),
  commission: formatMinor(sums.commission),
});

const KEY_FIELD = { child: 'accountId', market: 'marketId', day: 'day' } as const;

function totalOf(rows: PlSums[]) {
  const total = { turnover: 0n, playersPl: 0n, ownShare: 0n, uplineShare: 0n, commission: 0n };
  for (const row of rows)
    for (const field of Object.keys(total) as (keyof typeof total)[]) total[field] += row[field];
  return total;
}

/**
 * Whose rows a report reads (the viewed agent's, the house's when null) and who reads them: the caller,
 * as the agent so many levels above the viewed one, or as the house when staff view an agent.
 */
async function reportView(
  sql: Sql,
  caller: Caller,
  accountId: string | undefined,
): Promise<Result<{ agentId: string | null; viewer: Viewer }>> {
  const viewed = await viewedAgent(sql, caller, accountId);
  if (!viewed.ok) return viewed;
  const agentId = viewed.value;
  if (agentId === null || agentId === caller.id) return ok({ agentId, viewer: 0 });
  if (!caller.isAgent) return ok({ agentId, viewer: 'house' });
  const [own, below] = await Promise.all([readAgentProfile(sql, caller.id), readAgentProfile(sql, agentId)]);
  return ok({ agentId, viewer: (below?.level ?? 0) - (own?.level ?? 0) });
}

/**
 * The downline's P/L of one agent (docs/decisions/0294), from the daily roll-ups booked at settlement:
 * its rows per child, market or day over inclusive UTC days, and their totals. `ownShare` is always the
 * caller's part, `uplineShare` what goes above the caller, also when it views an agent below it
 * (docs/decisions/0313). The caller's scope is checked on `db`; the roll-ups are read on `readDb`
 * (docs/decisions/0308).
 */
export async function downlinePl(
  { db, readDb }: { db: Sql; readDb: Sql },
  caller: Caller,
  query: DownlinePlRequest,
  nowMs = Date.now(),
): Promise<Result<DownlinePl>> {
  const range = resolveDayRange(query.from, query.to, nowMs);
  if (!range.ok) return range;
  const view = await reportView(db, caller, query.accountId);
  if (!view.ok) return view;
  const { from, to } = range.value;
  const sums = await readPlSums(readDb, { ...view.value, from, to, groupBy: query.groupBy });
  const rows = sums.map((row): DownlinePlRow => ({
    [KEY_FIELD[query.groupBy]]: row.key,
    name: row.name,
    ...figuresOf(row),
  }));
  return ok({ rows, totals: figuresOf(totalOf(sums)), from, to });
}
