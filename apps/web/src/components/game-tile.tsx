import type { CatalogueItemResponse } from '@backlay/contracts';
import { launchGame } from '../lib/game-launch.ts';
import './game-tile.css';

/** The thumbnails are 240×180 SVGs; width/height let the browser reserve the box before they load. */
const THUMB_WIDTH_PX = 240;
const THUMB_HEIGHT_PX = 180;

interface TileProps {
  item: CatalogueItemResponse;
  /** A second caption line, e.g. the provider in a lobby that mixes providers. */
  detail?: string;
  testId: string;
}

/** A catalogue title: its thumbnail and name; a click launches it through `/casino/get-game-url`. */
export function GameTile({ item, detail, testId }: TileProps) {
  return (
    <button
      type="button"
      className="game-tile"
      onClick={() => void launchGame(item.id)}
      data-testid={testId}
      data-game-id={item.id}
    >
      <span className="game-thumb">
        <img
          src={item.img}
          alt={item.name}
          width={THUMB_WIDTH_PX}
          height={THUMB_HEIGHT_PX}
          loading="lazy"
          decoding="async"
        />
      </span>
      {/* The image's alt already names the button; the captions are for sighted players only. */}
      <span className="game-name" aria-hidden="true">
        {item.name}
      </span>
      {detail && (
        <span className="game-detail" aria-hidden="true">
          {detail}
        </span>
      )}
    </button>
  );
}

export interface TileEntry {
  item: CatalogueItemResponse;
  detail?: string;
}

interface GridProps {
  tiles: readonly TileEntry[];
  gridTestId: string;
  tileTestId: string;
}

/** A grid of catalogue tiles; two columns on a phone. */
export function GameGrid({ tiles, gridTestId, tileTestId }: GridProps) {
  return (
    <ul className="game-grid" data-testid={gridTestId}>
      {tiles.map(({ item, detail }) => (
        <li key={`${item.provider ?? ''}${String(item.id)}`}>
          <GameTile item={item} detail={detail} testId={tileTestId} />
        </li>
      ))}
    </ul>
  );
}
