import { useQuery } from '@tanstack/react-query';
import { eventsResponseSchema, type EventsResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** New fixtures and the switch to in-play show up without a reload; prices come over the stream. */
const EVENTS_REFRESH_MS = 60_000;

/** `GET /api/events?sport=`: a sport's open events with their Match Odds best prices. */
export function getEvents(sport: string, signal?: AbortSignal): Promise<EventsResponse> {
  return apiRequest(`/api/events?sport=${encodeURIComponent(sport)}`, {
    schema: eventsResponseSchema,
    signal,
  });
}

export const eventsQueryKey = (sport: string) => ['sports', 'events', sport] as const;

/** `sport` null: a page without exchange events (nothing is fetched). */
export function useSportEvents(sport: string | null) {
  return useQuery({
    queryKey: eventsQueryKey(sport ?? ''),
    queryFn: ({ signal }) => getEvents(sport ?? '', signal),
    enabled: sport !== null,
    refetchInterval: EVENTS_REFRESH_MS,
  });
}
