import { useQueries } from '@tanstack/react-query';
import { eventsResponseSchema, type EventsResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { paths } from '../../../paths.ts';

/** The sports whose featured match gets a quick link on home. */
export const QUICK_MATCH_SPORTS = ['cricket', 'football', 'tennis'] as const;

const QUICK_MATCHES_STALE_MS = 60_000;

/** `GET /api/events?sport=`: a sport's open events, in-play ones flagged. */
function getEvents(sport: string, signal?: AbortSignal): Promise<EventsResponse> {
  return apiRequest(`/api/events?sport=${sport}`, { schema: eventsResponseSchema, signal });
}

/** A sport's featured match: the first in play, else the next to start. */
export function featuredMatch(events: EventsResponse['events']): EventsResponse['events'][number] | null {
  const open = events.filter((event) => event.status === 'IN_PLAY' || event.status === 'SCHEDULED');
  const byStart = [...open].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  return byStart.find((event) => event.inPlay) ?? byStart[0] ?? null;
}

export interface QuickMatchLink {
  label: string;
  to: string;
  inPlay: boolean;
}

/** Quick links to real matches, one per sport that has one; empty while they load. */
export function useLiveMatchLinks(): QuickMatchLink[] {
  const results = useQueries({
    queries: QUICK_MATCH_SPORTS.map((sport) => ({
      queryKey: ['home', 'events', sport],
      queryFn: ({ signal }: { signal: AbortSignal }) => getEvents(sport, signal),
      staleTime: QUICK_MATCHES_STALE_MS,
    })),
  });
  return results.flatMap((result) => {
    const match = result.data ? featuredMatch(result.data.events) : null;
    if (!match) return [];
    return [
      {
        label: match.name,
        to: `${paths.sportsDetail}?event=${encodeURIComponent(match.id)}`,
        inPlay: match.inPlay,
      },
    ];
  });
}
