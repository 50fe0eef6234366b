/** The three catalogue providers the portal shows on home (spec §1). */
export type Provider = 'jili' | 'spribe' | 'jdb';

/**
 * What the header and lobbies group games by: slots, crash and instant games, fishing ("Shooting Games"),
 * the table/card/bingo family, and `fantasy` — instant prediction games on sport (docs/decisions/0179).
 * `lottery` only occurs in the JDB list.
 */
export type Category =
  'slot' | 'crash' | 'instant' | 'fishing' | 'table' | 'card' | 'bingo' | 'lottery' | 'fantasy';

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
  /** The published board: 10 numbers drawn from 40, whatever the title's name says (0180). */
  keno: { theme: string; boardSize: 40; drawn: 10; maxPicks: number };
  plinko: { theme: string; rows: number; risk: 'low' | 'medium' | 'high' };
  /** The published wheel sizes (0180). */
  wheel: { theme: string; segments: 10 | 20 | 30 | 40 | 50 };
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
  /** Fantasy: one kick at a goal of six zones; the keeper covers 1–3 of them (0179). */
  shootout: { theme: string };
  /** Fantasy: call the next ball (`balls: 1`) or the runs of a whole over (`balls: 6`). */
  cricket: { theme: string; balls: 1 | 6 };
  /** Fantasy: goal or no goal over a spell of attacks. */
  'goal-call': { theme: string; attacks: number };
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
