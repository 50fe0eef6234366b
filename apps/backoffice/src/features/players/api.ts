import {
  apiAccessResponseSchema,
  cashDeskResponseSchema,
  listPlayersResponseSchema,
  playerDetailSchema,
  playerStatementPageSchema,
  playerStatusResponseSchema,
  type PlayerStatus,
} from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

export const PAGE_SIZE = 20;

export const playersKey = ['players'] as const;

/** `GET /api/admin/players`: newest first; `search` matches email, id or name. */
export const fetchPlayers = (search: string, page: number, signal?: AbortSignal) =>
  http(withQuery('/api/admin/players', { search: search.trim(), page, pageSize: PAGE_SIZE }), {
    schema: listPlayersResponseSchema,
    signal,
  });

/** `GET /api/admin/players/:id`: the player with money, protection, live sessions and sign-ins. */
export const fetchPlayer = (id: string, signal?: AbortSignal) =>
  http(`/api/admin/players/${encodeURIComponent(id)}`, { schema: playerDetailSchema, signal });

export const fetchStatement = (id: string, cursor: string | null, signal?: AbortSignal) =>
  http(withQuery(`/api/admin/players/${encodeURIComponent(id)}/statement`, { cursor, limit: 50 }), {
    schema: playerStatementPageSchema,
    signal,
  });

const playerPath = (id: string, action: string) => `/api/admin/players/${encodeURIComponent(id)}/${action}`;

export type CashDeskInput = { id: string; kind: 'deposit' | 'withdraw'; amount: string; remark: string };

export const moveCash = ({ id, kind, amount, remark }: CashDeskInput) =>
  http(playerPath(id, kind), {
    method: 'POST',
    body: { amount, remark },
    schema: cashDeskResponseSchema,
  });

export const setStatus = ({ id, status }: { id: string; status: PlayerStatus }) =>
  http(playerPath(id, 'status'), { method: 'POST', body: { status }, schema: playerStatusResponseSchema });

export const setBetLock = ({ id, locked }: { id: string; locked: boolean }) =>
  http(playerPath(id, 'bet-lock'), { method: 'POST', body: { locked }, schema: playerStatusResponseSchema });

export const setMaxStake = ({ id, maxStake }: { id: string; maxStake: string | null }) =>
  http(playerPath(id, 'max-stake'), {
    method: 'POST',
    body: { maxStake },
    schema: playerStatusResponseSchema,
  });

/** `POST /api/admin/players/:id/api-access`: the player's trading API on or off; the reason is audited. */
export const setApiAccess = ({ id, enabled, reason }: { id: string; enabled: boolean; reason: string }) =>
  http(playerPath(id, 'api-access'), {
    method: 'POST',
    body: { enabled, reason },
    schema: apiAccessResponseSchema,
  });
