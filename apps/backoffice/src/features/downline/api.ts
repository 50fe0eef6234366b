import {
  agentResponseSchema,
  createPlayerResponseSchema,
  downlineItemSchema,
  downlineResponseSchema,
  sportsResponseSchema,
} from '@backlay/contracts';
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

export type NewPlayer = {
  email: string;
  password: string;
  name: string;
  parentId?: string;
  openingCredit?: string;
};

export const createPlayer = (input: NewPlayer) =>
  http('/api/admin/players', { method: 'POST', body: input, schema: createPlayerResponseSchema });

export type ChipsMove = { id: string; direction: 'in' | 'out'; amount: string; remark: string };

/** `POST /api/admin/accounts/:id/chips`: chips to or from a direct child. */
export const moveChips = ({ id, ...body }: ChipsMove) =>
  http(`/api/admin/accounts/${id}/chips`, { method: 'POST', body, schema: downlineItemSchema });

export type AccountTerms = {
  id: string;
  creditReference?: string;
  sharePercent?: number;
  exposureLimit?: string | null;
  maxStake?: string | null;
  /** Caps by sport slug to set, or null to remove (docs/decisions/0300). */
  maxStakeBySport?: Record<string, string | null>;
};

/** `PATCH /api/admin/accounts/:id`: a direct child's credit reference, share and limits. */
export const updateAccount = ({ id, ...body }: AccountTerms) =>
  http(`/api/admin/accounts/${id}`, { method: 'PATCH', body, schema: downlineItemSchema });

/** `GET /api/sports`: the sports whose slugs key the caps per sport. */
export const fetchSportNames = (signal?: AbortSignal) =>
  http('/api/sports', { schema: sportsResponseSchema, signal });

export type AccountLock = { id: string; login: boolean; bet: boolean; reason: string };

/** `POST /api/admin/accounts/:id/lock`: the account's own login and bet locks, each for its subtree. */
export const lockAccount = ({ id, ...body }: AccountLock) =>
  http(`/api/admin/accounts/${id}/lock`, { method: 'POST', body, schema: downlineItemSchema });
