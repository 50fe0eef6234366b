import {
  adminMarketDetailSchema,
  adminMarketsPageSchema,
  eventDetailSchema,
  marketSchema,
  positionsSchema,
  sportsResponseSchema,
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

const marketPath = (id: string, action = '') =>
  `/api/admin/markets/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const setMarketOpen = ({ id, open }: { id: string; open: boolean }) =>
  http(marketPath(id, open ? 'resume' : 'suspend'), { method: 'POST', schema: marketSchema });

/** A runner market's winner, or a line market's final value. */
export type Outcome = { winnerRunnerId: string } | { result: number };

export const settleMarket = ({ id, outcome, reason }: { id: string; outcome: Outcome; reason?: string }) =>
  http(marketPath(id, 'settle'), { method: 'POST', body: { ...outcome, reason }, schema: marketSchema });

export const resettleMarket = ({ id, outcome, reason }: { id: string; outcome: Outcome; reason: string }) =>
  http(marketPath(id, 'resettle'), { method: 'POST', body: { ...outcome, reason } });

export const voidMarket = ({ id, reason }: { id: string; reason: string }) =>
  http(marketPath(id, 'void'), { method: 'POST', body: { reason }, schema: marketSchema });

export const setStakeLimits = ({
  id,
  minStake,
  maxStake,
}: {
  id: string;
  minStake?: string;
  maxStake?: string;
}) => http(marketPath(id), { method: 'PATCH', body: { minStake, maxStake }, schema: marketSchema });

/** The answer's markets name their event, so its id needs no schema of its own. */
const createdEventSchema = eventDetailSchema.pick({ markets: true });

export type NewEvent = {
  sport: string;
  competition: string;
  name: string;
  startTime: string;
  markets: { type: string; runners: string[]; marketMaker: boolean; minStake?: string; maxStake?: string }[];
};

export const createEvent = (event: NewEvent) =>
  http('/api/admin/events', { method: 'POST', body: event, schema: createdEventSchema });
