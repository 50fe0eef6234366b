/** The three catalogue providers the portal shows on home (spec §1). */
export type Provider = 'jili' | 'spribe' | 'jdb';

/**
 * What the header and lobbies group games by: slots, crash and instant games, fishing ("Shooting Games"),
 * and the table/card/bingo family. `lottery` only occurs in the JDB list.
 */
export type Category = 'slot' | 'crash' | 'instant' | 'fishing' | 'table' | 'card' | 'bingo' | 'lottery';

/** Reel layouts the local slot engine knows; the id names reels × rows and the way lines are counted. */
export type SlotPaytable =
  'classic-3x3-5' | 'lines-5x3-20' | 'lines-5x3-25' | 'ways-5x4-1024' | 'ways-6x4-4096' | 'cluster-6x5';

/** Per-engine parameters: everything the local aggregator needs besides the title to open a game. */
export interface EngineParamsMap {
  slots: { paytable: SlotPaytable; theme: string; volatility: 'low' | 'medium' | 'high' };
  crash: { theme: string; maxMultiplier: number };
  dice: { theme: string; rollMax: number };
  limbo: { theme: string; maxMultiplier: number };
  mines: { theme: string; gridSize: number; maxMines: number };
  tower: { theme: string; floors: number; columns: number };
  hilo: { theme: string; decks: number };
  keno: { theme: string; boardSize: number; drawn: number; maxPicks: number };
  plinko: { theme: string; rows: number; risk: 'low' | 'medium' | 'high' };
  wheel: { theme: string; segments: number };
  penalty: { theme: string; shots: number };
  roulette: { theme: string; pockets: number };
  baccarat: { theme: string; speed: 'normal' | 'fast' };
  blackjack: { theme: string; decks: number; sideBet: boolean };
  'dragon-tiger': { theme: string; joker: boolean };
  'andar-bahar': { theme: string };
  'teen-patti': { theme: string; variant: 'classic' | '20-20' | 'joker' };
  'sic-bo': { theme: string; dice: number; faces: string };
  poker: { theme: string; variant: 'video' | 'caribbean-stud' | 'texas-holdem' | 'three-card' };
  rummy: { theme: string; variant: 'points' | 'pool' | 'callbreak' | 'tongits' | 'pusoy' };
  bingo: { theme: string; balls: number; cards: number };
  lottery: { theme: string; numbers: number; picks: number };
  fishing: { theme: string; seats: number };
}

export type EngineId = keyof EngineParamsMap;

/** An engine together with its own parameters (a discriminated union on `engine`). */
export type EnginePlay = { [E in EngineId]: { engine: E; params: EngineParamsMap[E] } }[EngineId];

/**
 * One catalogue title as the package keeps it. `id`, `name`, `img`, `provider`, `url` and `category` are
 * what the portal sends (spec §3); `engine`/`params` are for the local aggregator; `gType` is JDB's game
 * type (the launch call needs it); `confirmed` is false where a JDB code was generated, not looked up.
 */
export type CatalogueEntry = EnginePlay & {
  name: string;
  id: string | number;
  img: string;
  provider: Provider;
  category: Category;
  gType?: number;
  confirmed: boolean;
};

/** A catalogue item on the wire (`GET /api/catalogue`), spec §3 plus `category` and, for JDB, `gType`. */
export interface CatalogueItem {
  name: string;
  id: string | number;
  img: string;
  category: Category;
  provider?: 'jdb';
  url?: string;
  gType?: number;
}

/** The body of `GET /api/catalogue`. */
export interface CatalogueBody {
  jili: CatalogueItem[];
  spribe: CatalogueItem[];
  jdb: CatalogueItem[];
}
