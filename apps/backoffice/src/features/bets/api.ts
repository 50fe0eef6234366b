import { adminBetsPageSchema, type AdminBetsQuery } from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

export type BetFilters = Partial<Pick<AdminBetsQuery, 'player' | 'market' | 'product' | 'status'>>;

export const betsKey = (filters: BetFilters) => ['bets', filters] as const;

/** `GET /api/admin/bets`: one page, newest first. */
export const fetchBets = (filters: BetFilters, cursor: string | null, signal?: AbortSignal) =>
  http(withQuery('/api/admin/bets', { ...filters, cursor, limit: 50 }), {
    schema: adminBetsPageSchema,
    signal,
  });

/** `POST /api/admin/bets/:id/void`: the stake goes back to the player; the reason is audited. */
export const voidBet = ({ id, reason }: { id: string; reason: string }) =>
  http(`/api/admin/bets/${encodeURIComponent(id)}/void`, { method: 'POST', body: { reason } });
