import { agentResponseSchema, downlineResponseSchema } from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

export const downlineKey = ['downline'] as const;

/** `GET /api/admin/downline`: one page of an account's direct children (the caller's own by default). */
export async function fetchDownline(
  accountId: string | undefined,
  cursor: string | null,
  signal: AbortSignal,
) {
  const page = await http(withQuery('/api/admin/downline', { accountId, cursor, limit: 50 }), {
    schema: downlineResponseSchema,
    signal,
  });
  return { items: page.items, next: page.nextCursor };
}

export type NewAgent = {
  email: string;
  password: string;
  name: string;
  parentId?: string;
  sharePercent: number;
  creditReference?: string;
  openingChips?: string;
};

export const createAgent = (input: NewAgent) =>
  http('/api/admin/agents', { method: 'POST', body: input, schema: agentResponseSchema });
