import {
  adminMarketDetailSchema,
  adminMarketsPageSchema,
  bookedMarketsSchema,
  createdEventSchema,
  eventDetailSchema,
  eventLockSchema,
  marketBookSchema,
  marketLockSchema,
  marketLocksSchema,
  marketSchema,
  positionsSchema,
  sportsResponseSchema,
  type CreateEventBody,
  type MarketOutcomeBody,
  type ResettleBody,
  type SettleBody,
  type StakeLimitsBody,
  type VoidBody,
} from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

export const marketKey = (id: string) => ['market', id] as const;

export const fetchSports = (signal?: AbortSignal) =>
  http('/api/sports', { schema: sportsResponseSchema, signal });

export type MarketFilters = { sport?: string; status?: string; q?: string };

/** `GET /api/admin/markets`: every market in any state, latest start first. */
export const fetchMarkets = (filters: MarketFilters, cursor: string | null, signal?: AbortSignal) =>
  http(withQuery('/api/admin/markets', { ...filters, cursor, limit: 50 }), {
    schema: adminMarketsPageSchema,
    signal,
  });

export const fetchMarket = (id: string, signal?: AbortSignal) =>
  http(`/api/admin/markets/${encodeURIComponent(id)}`, { schema: adminMarketDetailSchema, signal });

/** The event as players see it, for links between its markets. */
export const fetchEvent = (id: string, signal?: AbortSignal) =>
  http(`/api/events/${encodeURIComponent(id)}`, { schema: eventDetailSchema, signal });

export const fetchPositions = (id: string, signal?: AbortSignal) =>
  http(`/api/admin/markets/${encodeURIComponent(id)}/positions`, { schema: positionsSchema, signal });

/** `GET /api/admin/markets/:id/book`: the subtree's book (the caller's own, or `accountId`'s). */
export const fetchMarketBook = (id: string, accountId: string | undefined, signal?: AbortSignal) =>
  http(withQuery(`/api/admin/markets/${encodeURIComponent(id)}/book`, { accountId }), {
    schema: marketBookSchema,
    signal,
  });

const marketPath = (id: string, action = '') =>
  `/api/admin/markets/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const setMarketOpen = ({ id, open }: { id: string; open: boolean }) =>
  http(marketPath(id, open ? 'resume' : 'suspend'), { method: 'POST', schema: marketSchema });

export const settleMarket = ({
  id,
  outcome,
  reason,
}: {
  id: string;
  outcome: MarketOutcomeBody;
  reason?: string | undefined;
}) =>
  http(marketPath(id, 'settle'), {
    method: 'POST',
    body: { ...outcome, reason } satisfies SettleBody,
    schema: marketSchema,
  });

export const resettleMarket = ({
  id,
  outcome,
  reason,
}: {
  id: string;
  outcome: MarketOutcomeBody;
  reason: string;
}) =>
  http(marketPath(id, 'resettle'), { method: 'POST', body: { ...outcome, reason } satisfies ResettleBody });

export const voidMarket = ({ id, reason }: { id: string } & VoidBody) =>
  http(marketPath(id, 'void'), { method: 'POST', body: { reason } satisfies VoidBody, schema: marketSchema });

export const setStakeLimits = ({ id, minStake, maxStake }: { id: string } & StakeLimitsBody) =>
  http(marketPath(id), {
    method: 'PATCH',
    body: { minStake, maxStake } satisfies StakeLimitsBody,
    schema: marketSchema,
  });

export const createEvent = (event: CreateEventBody) =>
  http('/api/admin/events', { method: 'POST', body: event, schema: createdEventSchema });

/** `GET /api/admin/downline/markets`: open markets where the subtree (`accountId`'s or the caller's) has bets. */
export const fetchBookedMarkets = (accountId: string | undefined, signal?: AbortSignal) =>
  http(withQuery('/api/admin/downline/markets', { accountId }), { schema: bookedMarketsSchema, signal });

/** `GET /api/admin/markets/:id/lock`: the account's own locks on the market and its event (docs/decisions/0300). */
export const fetchMarketLocks = (id: string, accountId: string | undefined, signal?: AbortSignal) =>
  http(withQuery(marketPath(id, 'lock'), { accountId }), { schema: marketLocksSchema, signal });

export type SubtreeLock = { scope: 'market' | 'event'; id: string; accountId: string; locked: boolean };

/** `POST /api/admin/markets/:id/lock` or `/api/admin/events/:id/lock`: a bet lock for the account's subtree. */
export const setSubtreeLock = ({ scope, id, accountId, locked }: SubtreeLock) =>
  scope === 'market'
    ? http(marketPath(id, 'lock'), { method: 'POST', body: { accountId, locked }, schema: marketLockSchema })
    : http(`/api/admin/events/${encodeURIComponent(id)}/lock`, {
        method: 'POST',
        body: { accountId, locked },
        schema: eventLockSchema,
      });
