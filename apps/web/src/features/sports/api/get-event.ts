import { useQuery } from '@tanstack/react-query';
import { eventDetailSchema, type EventDetail } from '@backlay/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** Markets opened later (the next innings' lines) and status changes are picked up at this pace. */
const EVENT_REFRESH_MS = 30_000;

/** `GET /api/events/:id`: the event, its score and every market. */
export function getEvent(eventId: string, signal?: AbortSignal): Promise<EventDetail> {
  return apiRequest(`/api/events/${encodeURIComponent(eventId)}`, { schema: eventDetailSchema, signal });
}

export function useEventDetail(eventId: string | null) {
  return useQuery({
    queryKey: ['sports', 'event', eventId],
    queryFn: ({ signal }) => getEvent(eventId ?? '', signal),
    enabled: eventId !== null,
    refetchInterval: EVENT_REFRESH_MS,
    // An unknown event stays unknown; a network or server failure may pass.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}
