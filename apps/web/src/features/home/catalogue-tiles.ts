import type { CatalogueItemResponse, CatalogueResponse } from '@backlay/contracts';
import { launchGame, launchJdbGame, type LaunchDeps } from '../../lib/game-launch.ts';

/** The catalogue list behind each home provider section, in the order home shows them. */
export const providerLists = [
  { label: 'JILI', key: 'jili' },
  { label: 'SPRIBE', key: 'spribe' },
  { label: 'JDB', key: 'jdb' },
] as const satisfies readonly { label: string; key: keyof CatalogueResponse }[];

/** How a tile starts its game: JDB titles through `/api/jdbgamelink`, all others through get-game-url. */
export type TileLaunch =
  { kind: 'jdb'; gameId: number; gType: number } | { kind: 'game'; gameId: string | number };

export interface GameTile {
  key: string;
  name: string;
  img: string;
  launch: TileLaunch;
}

/** JDB's link call takes a numeric game code and the game type; anything else goes by catalogue id. */
export function tileLaunch(item: CatalogueItemResponse): TileLaunch {
  const numericId = typeof item.id === 'number' ? item.id : Number(item.id);
  if (item.provider === 'jdb' && item.gType !== undefined && Number.isInteger(numericId)) {
    return { kind: 'jdb', gameId: numericId, gType: item.gType };
  }
  return { kind: 'game', gameId: item.id };
}

export function toTile(item: CatalogueItemResponse): GameTile {
  return { key: String(item.id), name: item.name, img: item.img, launch: tileLaunch(item) };
}

export function startTileGame(launch: TileLaunch, deps?: LaunchDeps): Promise<boolean> {
  if (launch.kind === 'jdb') return launchJdbGame({ gameId: launch.gameId, gType: launch.gType }, deps);
  return launchGame(launch.gameId, deps);
}
