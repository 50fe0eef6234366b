import type { TableSummary } from '@backlay/contracts';
import { paths, tablePath } from '../../paths.ts';

/** A lobby tile of an in-house game: it opens the game's own page, no aggregator launch. */
export interface InHouseTile {
  id: string;
  name: string;
  path: string;
  /** Present while the operator holds the table (docs/decisions/0254). */
  paused?: true;
}

const CRASH_GAME: InHouseTile = { id: 'crash', name: 'Aviator', path: paths.aviator };

/** Our Virtual's categories name tables differently from Our Casino's (the spec's lists). */
const VIRTUAL_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  teenpatti: ['teen-patti-20'],
  dragontiger: ['dragon-tiger'],
  lucky: ['lucky-7'],
  others: ['ball-by-ball'],
};

const tileOf = (table: TableSummary): InHouseTile => ({
  id: table.id,
  name: table.name,
  // Ball-by-ball has its own page with the spec's layout.
  path: table.id === 'ball-by-ball' ? paths.ballByBall : tablePath(table.id),
  ...(table.paused ? { paused: true as const } : {}),
});

/**
 * The in-house tiles of a lobby category. Our Casino files tables under the category the server gives
 * them and the crash game under Others; Our Virtual uses its own names; Live Casino has none (its
 * providers launch through the aggregator).
 */
export function inHouseTiles(
  lobbyPath: string,
  category: string,
  tables: readonly TableSummary[],
  crashPaused = false,
): InHouseTile[] {
  const wanted = category.toLowerCase();
  // The crash game is not among the tables: `GET /api/tables` says whether it is paused beside them.
  const crashTile: InHouseTile = crashPaused ? { ...CRASH_GAME, paused: true } : CRASH_GAME;
  if (lobbyPath === paths.ourCasino) {
    if (wanted === 'allcasino') return [...tables.map(tileOf), crashTile];
    const tiles = tables.filter((table) => table.category.toLowerCase() === wanted).map(tileOf);
    return wanted === 'others' ? [...tiles, crashTile] : tiles;
  }
  if (lobbyPath === paths.ourVirtual) {
    if (wanted === 'allcasino') return [...tables.map(tileOf), crashTile];
    const ids = VIRTUAL_CATEGORIES[wanted] ?? [];
    const tiles = tables.filter((table) => ids.includes(table.id)).map(tileOf);
    return wanted === 'others' ? [...tiles, crashTile] : tiles;
  }
  return [];
}
