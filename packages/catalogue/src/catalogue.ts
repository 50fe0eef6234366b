import { JDB_OTHERS, type JdbTitle } from './data/jdb-others.ts';
import { JDB_SLOTS } from './data/jdb-slots.ts';
import { JILI_FANTASY } from './data/jili-fantasy.ts';
import { JILI_FISHING, JILI_INSTANT } from './data/jili-instant.ts';
import { JILI_SLOT_NAMES } from './data/jili-slots.ts';
import { JILI_TABLES } from './data/jili-tables.ts';
import { SPRIBE_TITLES } from './data/spribe.ts';
import { title, type TitleSpec } from './data/title.ts';
import { opaqueGameId } from './hash.ts';
import { slotParamsFor } from './slot-params.ts';
import type { CatalogueEntry, Provider } from './types.ts';

/** Where the portal serves each generated thumbnail: `/catalogue/thumbs/<id>.svg`. */
export const THUMBNAIL_PATH_PREFIX = '/catalogue/thumbs/';

export function thumbnailUrl(id: string | number): string {
  return `${THUMBNAIL_PATH_PREFIX}${id}.svg`;
}

export interface Catalogue {
  jili: readonly CatalogueEntry[];
  spribe: readonly CatalogueEntry[];
  jdb: readonly CatalogueEntry[];
}

const slotTitle = (provider: Provider, name: string): TitleSpec =>
  title(name, 'slot', 'slots', slotParamsFor(provider, name));

function opaqueEntry(provider: Provider, spec: TitleSpec): CatalogueEntry {
  const id = opaqueGameId(provider, spec.name);
  return {
    ...spec.play,
    name: spec.name,
    id,
    img: thumbnailUrl(id),
    provider,
    category: spec.category,
    confirmed: true,
  };
}

function jdbEntry(game: JdbTitle): CatalogueEntry {
  const { spec, mType, gType, confirmed } = game;
  return {
    ...spec.play,
    name: spec.name,
    id: mType,
    img: thumbnailUrl(mType),
    provider: 'jdb',
    category: spec.category,
    gType,
    confirmed,
  };
}

/** Keeps the first entry of every id, in order (spec §3: the merged JILI-style list is de-duplicated by id). */
export function dedupeById<T extends { id: string | number }>(lists: readonly (readonly T[])[]): T[] {
  const seen = new Set<string | number>();
  const merged: T[] = [];
  for (const item of lists.flat()) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}

/**
 * Builds the whole catalogue from the data files. The JILI-style list merges the slot, crash/instant,
 * fishing, table/card/bingo and fantasy lists in that order.
 */
export function buildCatalogue(): Catalogue {
  const jiliLists = [
    JILI_SLOT_NAMES.map((name) => slotTitle('jili', name)),
    JILI_INSTANT,
    JILI_FISHING,
    JILI_TABLES,
    JILI_FANTASY,
  ].map((list) => list.map((spec) => opaqueEntry('jili', spec)));
  const jdbSlots: JdbTitle[] = JDB_SLOTS.map(([mType, name]) => ({
    gType: 0,
    mType,
    spec: slotTitle('jdb', name),
    confirmed: true,
  }));
  return {
    jili: dedupeById(jiliLists),
    spribe: SPRIBE_TITLES.map((spec) => opaqueEntry('spribe', spec)),
    jdb: dedupeById([[...jdbSlots, ...JDB_OTHERS].map(jdbEntry)]),
  };
}

/** The catalogue, built once per process (pure data; nothing changes at run time). */
export const catalogue: Catalogue = buildCatalogue();

const byId = new Map<string, CatalogueEntry>(
  [...catalogue.jili, ...catalogue.spribe, ...catalogue.jdb].map((entry) => [String(entry.id), entry]),
);

/**
 * The entry a launch or thumbnail request names. JDB ids are matched by their decimal text, so
 * `findGame('22001')` and `findGame(22001)` agree.
 */
export function findGame(id: string | number): CatalogueEntry | undefined {
  return byId.get(String(id));
}
