import type { EventsResponse } from '@backlay/contracts';
import { sortEvents } from './list-rows.ts';

/** Plain `/sportsdetail` shows this sport's next featured event. */
export const FEATURED_SPORT = 'cricket';

/** The first in-play event, else the next to start; null when the sport lists none. */
export function pickFeaturedEvent(events: EventsResponse['events']): string | null {
  const open = events.filter((event) => event.status === 'IN_PLAY' || event.status === 'SCHEDULED');
  return sortEvents(open)[0]?.id ?? null;
}
