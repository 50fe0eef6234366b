/** Every route of the portal. Hash routing: these are the paths after `#`. */
export const paths = {
  root: '/',
  login: '/login',
  aboutUs: '/aboutus',
  home: '/home',
  liveCasino: '/livecasino',
  ourCasino: '/ourcasino',
  ourVirtual: '/ourvirtual',
  sportsDetail: '/sportsdetail',
  ballByBall: '/ballbyball',
  account: '/account',
  casinoResult: '/CasinoResult',
  currentBet: '/currentbet',
  setButtonValue: '/setbtnvalue',
  aviator: '/avitar',
  /** An in-house live table: `/casino-table?id=dragon-tiger` (tablePath). */
  liveTable: '/casino-table',
  /** The home LOTTERY tab's lobby: lottery, keno and bingo titles of the catalogue. */
  lottery: '/lottery',
  /** Take a break, self-exclusion and the history of both (signed in only, like every page). */
  responsibleGaming: '/responsible-gaming',
  /** App keys and connection settings of the trading API (signed in only). */
  apiAccess: '/api-access',
  /** A provider's game in a frame under the session bar: `/play?url=<game page>` (framePath). */
  play: '/play',
} as const;

export interface SportRoute {
  /** Route path, e.g. `/cricket`. */
  path: string;
  /** Display name of the sport. */
  label: string;
  /** The server's sport slug when it is not the path's name; null: a page with no exchange events. */
  slug?: string | null;
}

/**
 * Sports list routes. `/footbal` is the original football route name and stays routed;
 * the sidebar's `/football` is routed too and shows the same list.
 */
export const sportRoutes: readonly SportRoute[] = [
  { path: '/cricket', label: 'Cricket' },
  { path: '/footbal', label: 'Football', slug: 'football' },
  { path: '/tennis', label: 'Tennis' },
  { path: '/horse-racing', label: 'Horse Racing' },
  { path: '/greyhound-racing', label: 'Greyhound Racing' },
  { path: '/slot-game', label: 'Slot Game', slug: null },
  { path: '/fantasy-game', label: 'Fantasy Game', slug: null },
  { path: '/politics', label: 'Politics' },
  { path: '/football', label: 'Football' },
  { path: '/table-tennis', label: 'Table Tennis' },
  { path: '/badminton', label: 'Badminton' },
  { path: '/esoccer', label: 'Esoccer' },
  { path: '/basketball', label: 'Basketball' },
  { path: '/volleyball', label: 'Volleyball' },
  { path: '/snooker', label: 'Snooker' },
  { path: '/ice-hockey', label: 'Ice Hockey' },
  { path: '/f-games', label: 'F Games', slug: null },
  { path: '/american-football', label: 'American Football' },
  { path: '/baseball', label: 'Baseball' },
  { path: '/boxing', label: 'Boxing' },
  { path: '/darts', label: 'Darts' },
  { path: '/golf', label: 'Golf' },
  { path: '/mixed-martial-arts', label: 'Mixed Martial Arts' },
  { path: '/motor-sport', label: 'Motor Sport' },
  { path: '/rugby-league', label: 'Rugby League' },
  { path: '/rugby-union', label: 'Rugby Union' },
];

/** Every path that renders a page (the root `/` only redirects). */
export const routedPaths: readonly string[] = [
  ...Object.values(paths).filter((path) => path !== paths.root),
  ...sportRoutes.map((sport) => sport.path),
];

/** The page of an in-house live table, e.g. `/casino-table?id=dragon-tiger`. */
export function tablePath(tableId: string): string {
  return `${paths.liveTable}?id=${encodeURIComponent(tableId)}`;
}

/** The portal page that frames the game page at `gameUrl`. */
export function framePath(gameUrl: string): string {
  return `${paths.play}?url=${encodeURIComponent(gameUrl)}`;
}

/** Builds a lobby link that selects a category, e.g. `/ourcasino?tab=Lottery`. */
export function lobbyTabPath(lobbyPath: string, tab: string): string {
  return `${lobbyPath}?tab=${encodeURIComponent(tab)}`;
}
