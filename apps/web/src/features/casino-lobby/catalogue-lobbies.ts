import type { CatalogueCategory, CatalogueItemResponse, CatalogueResponse } from '@backlay/contracts';

export type ProviderKey = keyof CatalogueResponse;

/** Provider names as the portal shows them, in the home grids' order. */
export const providerLabels: Readonly<Record<ProviderKey, string>> = {
  jili: 'JILI',
  spribe: 'SPRIBE',
  jdb: 'JDB',
};
const providerOrder = Object.keys(providerLabels) as ProviderKey[];

export interface LobbyItem {
  item: CatalogueItemResponse;
  provider: ProviderKey;
}

export interface CatalogueLobby {
  title: string;
  path: string;
  /** What the lobby lists, said in one line under its heading. */
  summary: string;
  includes: (item: CatalogueItemResponse) => boolean;
}

const inCategories =
  (...categories: CatalogueCategory[]) =>
  (item: CatalogueItemResponse) =>
    categories.includes(item.category);

/** Instant-win titles: crash and instant games, and the fantasy predictions (docs/decisions/0179). */
const isInstant = inCategories('instant', 'crash', 'fantasy');

/** Keno titles are instant games in the catalogue, but players look for them next to lotteries. */
const isLottery = (item: CatalogueItemResponse) =>
  inCategories('lottery', 'bingo')(item) || /\bkeno\b/i.test(item.name);

export const catalogueLobbies = {
  slots: {
    title: 'Slot Game',
    path: '/slot-game',
    summary: 'Every slot title of every provider.',
    includes: inCategories('slot'),
  },
  fantasy: {
    title: 'Fantasy Game',
    path: '/fantasy-game',
    summary: 'Instant prediction games on sport: penalty shoot-outs, cricket overs and the next ball, goals.',
    includes: inCategories('fantasy'),
  },
  lottery: {
    title: 'Lottery',
    path: '/lottery',
    summary: 'Lottery, keno and bingo titles.',
    includes: isLottery,
  },
  instant: {
    title: 'F Games',
    path: '/f-games',
    summary: 'Instant games: crash, dice, mines, plinko, limbo, keno, wheel, fantasy predictions and more.',
    includes: isInstant,
  },
} as const satisfies Record<string, CatalogueLobby>;

export type CatalogueLobbyKey = keyof typeof catalogueLobbies;

/** The lobby's titles from every provider, in the home grids' order, each with its provider. */
export function lobbyItems(lobby: CatalogueLobby, body: CatalogueResponse): LobbyItem[] {
  return providerOrder.flatMap((provider) =>
    body[provider].filter(lobby.includes).map((item) => ({ item, provider })),
  );
}

/** The providers that have titles in the lobby, with how many each. */
export function providerCounts(items: readonly LobbyItem[]): { provider: ProviderKey; count: number }[] {
  return providerOrder
    .map((provider) => ({ provider, count: items.filter((entry) => entry.provider === provider).length }))
    .filter((entry) => entry.count > 0);
}

/** Lower case without accents, so "calaca" finds "Calaca" and "pokemon" finds "Pokémon". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export interface LobbyFilter {
  /** null: every provider. */
  provider: ProviderKey | null;
  /** Words that must all appear in the title's name, in any order. */
  search: string;
}

/** A search longer than this is cut: nothing in the catalogue has a longer name. */
export const MAX_SEARCH_CHARS = 60;

export function filterLobby(items: readonly LobbyItem[], filter: LobbyFilter): LobbyItem[] {
  const words = fold(filter.search.slice(0, MAX_SEARCH_CHARS)).split(/\s+/).filter(Boolean);
  return items.filter(
    (entry) =>
      (filter.provider === null || entry.provider === filter.provider) &&
      words.every((word) => fold(entry.item.name).includes(word)),
  );
}
