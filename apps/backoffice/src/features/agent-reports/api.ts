import {
  accountStatementSchema,
  downlineBetsSchema,
  downlinePlSchema,
  type DownlinePlGroup,
} from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

export const agentReportsKey = ['agent-reports'] as const;

export type PlRequest = { from: string; to: string; groupBy: DownlinePlGroup; accountId?: string };

/** `GET /api/admin/reports/downline-pl`: the downline's P/L per child, market or day, with totals. */
export const fetchDownlinePl = (request: PlRequest, signal?: AbortSignal) =>
  http(withQuery('/api/admin/reports/downline-pl', request), { schema: downlinePlSchema, signal });

/** `GET /api/admin/accounts/:id/statement`: one page of an account's chip movements, newest first. */
export async function fetchAccountStatement(id: string, cursor: string | null, signal: AbortSignal) {
  const url = withQuery(`/api/admin/accounts/${encodeURIComponent(id)}/statement`, { cursor, limit: 50 });
  const page = await http(url, { schema: accountStatementSchema, signal });
  return { items: page.items, next: page.nextCursor };
}

/** `GET /api/admin/downline/bets`: one page of the subtree's open bets, newest first. */
export async function fetchLiveBets(cursor: string | null, signal: AbortSignal) {
  const page = await http(withQuery('/api/admin/downline/bets', { cursor, limit: 50 }), {
    schema: downlineBetsSchema,
    signal,
  });
  return { items: page.items, next: page.nextCursor };
}
