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

/** A quick-match sport's place on home: its featured match's link, or that it is still loading. */
export interface QuickMatchSlot {
  sport: (typeof QUICK_MATCH_SPORTS)[number];
  /** Null while loading, and for a sport without an open match (its place then goes). */
  link: QuickMatchLink | null;
  loading: boolean;
}

/** One slot per sport, in a fixed order, so a link takes its own placeholder's place when it arrives. */
export function useLiveMatchLinks(): QuickMatchSlot[] {
  const results = useQueries({
    queries: QUICK_MATCH_SPORTS.map((sport) => ({
      queryKey: ['home', 'events', sport],
      queryFn: ({ signal }: { signal: AbortSignal }) => getEvents(sport, signal),
      staleTime: QUICK_MATCHES_STALE_MS,
    })),
  });
  return QUICK_MATCH_SPORTS.map((sport, index) => {
    const result = results[index];
    const match = result?.data ? featuredMatch(result.data.events) : null;
    const link = match && {
      label: match.name,
      to: `${paths.sportsDetail}?event=${encodeURIComponent(match.id)}`,
      inPlay: match.inPlay,
    };
    return { sport, link, loading: result?.isPending ?? false };
  });
}
