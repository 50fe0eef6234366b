import type { EventsResponse, Market } from '@backlay/contracts';

type EventSummary = EventsResponse['events'][number];
export type ListRunner = EventSummary['runners'][number];

/**
 * The 1 / X / 2 columns of a sports list (docs/decisions/0161). Head-to-head events fill them from
 * their Match Odds runners (home, draw, away); races and outrights have more runners than columns and
 * show a link to their market instead.
 */
export function outcomeColumns(
  runners: readonly ListRunner[],
): [ListRunner | null, ListRunner | null, ListRunner | null] | null {
  const byId = new Map(runners.map((runner) => [runner.id, runner]));
  const home = byId.get('home');
  const away = byId.get('away');
  if (home && away && runners.length <= 3) {
    const draw = byId.get('draw') ?? null;
    if (runners.length === 3 && !draw) return null;
    return [home, draw, away];
  }
  if (runners.length === 2) return [runners[0] ?? null, null, runners[1] ?? null];
  return null;
}

/** In-play events first, then by start time; the server's order breaks ties. */
export function sortEvents<E extends Pick<EventSummary, 'inPlay' | 'startTime'>>(events: readonly E[]): E[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => {
      if (a.event.inPlay !== b.event.inPlay) return a.event.inPlay ? -1 : 1;
      const byStart = Date.parse(a.event.startTime) - Date.parse(b.event.startTime);
      return byStart !== 0 && !Number.isNaN(byStart) ? byStart : a.index - b.index;
    })
    .map(({ event }) => event);
}

/** A streamed Match Odds market as the list's runners: the best back and lay of each. */
export function listRunnersOf(market: Pick<Market, 'runners'>): ListRunner[] {
  return market.runners.map((runner) => ({
    id: runner.id,
    name: runner.name,
    back: runner.back[0] ?? null,
    lay: runner.lay[0] ?? null,
  }));
}
