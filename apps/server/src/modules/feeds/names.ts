import type { CricketChange, MarketDefinition } from '@backlay/betfair-stream';

/** What a catalogue file says of one market (listMarketCatalogue). */
export type CatalogueEntry = {
  marketName?: string;
  eventName?: string;
  competition?: string;
  runners: Map<number, string>;
};

/** What cricket sports data says of one market's fixture. */
export type FixtureEntry = { eventDescription?: string; homeTeam?: string; awayTeam?: string };

/** Names a feed knows besides the stream's own definitions, by source market id. */
export type FeedNames = { catalogue: Map<string, CatalogueEntry>; fixtures: Map<string, FixtureEntry> };

export const emptyNames = (): FeedNames => ({ catalogue: new Map(), fixtures: new Map() });

/** Keeps the newest fixture names of each market a cricket change names; answers the markets changed. */
export function foldFixtures(names: FeedNames, changes: readonly CricketChange[]): string[] {
  const changed: string[] = [];
  for (const change of changes) {
    if (typeof change.marketId !== 'string') continue;
    const before = names.fixtures.get(change.marketId);
    const entry: FixtureEntry = {
      eventDescription: textOf(change.fixtureInfo?.eventDescription) ?? before?.eventDescription,
      homeTeam: textOf(change.homeTeam?.name) ?? before?.homeTeam,
      awayTeam: textOf(change.awayTeam?.name) ?? before?.awayTeam,
    };
    if (JSON.stringify(entry) === JSON.stringify(before ?? null)) continue;
    names.fixtures.set(change.marketId, entry);
    changed.push(change.marketId);
  }
  return changed;
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined;

/**
 * Names in order of trust (docs/decisions/0270): the market definition, the catalogue file, the cricket
 * fixture (home team = the runner with sortPriority 1, away = 2). A runner without any shows its
 * selection id.
 */
export function namesOf(marketId: string, definition: MarketDefinition, names: FeedNames) {
  const catalogue = names.catalogue.get(marketId);
  const fixture = names.fixtures.get(marketId);
  const runner = (selectionId: number, sortPriority: number, own: string | undefined): string =>
    textOf(own) ??
    catalogue?.runners.get(selectionId) ??
    (sortPriority === 1 ? fixture?.homeTeam : sortPriority === 2 ? fixture?.awayTeam : undefined) ??
    String(selectionId);
  return {
    market: textOf(definition.name) ?? catalogue?.marketName ?? textOf(definition.marketType) ?? marketId,
    event:
      textOf(definition.eventName) ??
      catalogue?.eventName ??
      fixture?.eventDescription ??
      `Event ${definition.eventId ?? marketId}`,
    competition:
      catalogue?.competition ?? textOf(definition.venue) ?? textOf(definition.countryCode) ?? 'Exchange',
    runner,
  };
}
