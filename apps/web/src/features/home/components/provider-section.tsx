import type { CatalogueResponse } from '@backlay/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { startTileGame, toTile, type GameTile } from '../catalogue-tiles.ts';

/** The thumbnails are 240×180 SVGs; width/height let the browser reserve the box before they load. */
const THUMB_WIDTH_PX = 240;
const THUMB_HEIGHT_PX = 180;

export type CatalogueState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; data: CatalogueResponse };

function TileButton({ tile }: { tile: GameTile }) {
  return (
    <button
      type="button"
      className="game-tile"
      onClick={() => void startTileGame(tile.launch)}
      data-testid="provider-tile"
    >
      <span className="game-thumb">
        <img
          src={tile.img}
          alt={tile.name}
          width={THUMB_WIDTH_PX}
          height={THUMB_HEIGHT_PX}
          loading="lazy"
          decoding="async"
        />
      </span>
      {/* The image's alt already names the button; the caption is for sighted players only. */}
      <span className="game-name" aria-hidden="true">
        {tile.name}
      </span>
    </button>
  );
}

function SectionBody({ label, listKey, state }: SectionProps) {
  if (state.status === 'pending') {
    return (
      <div className="empty-state" aria-busy="true" data-testid="provider-loading">
        Loading games…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="empty-state" role="alert" data-testid="provider-error">
        <p className="provider-error-text">Games could not be loaded.</p>
        <button type="button" className="btn" onClick={state.retry}>
          Try again
        </button>
      </div>
    );
  }
  const items = state.data[listKey];
  if (items.length === 0) {
    return <EmptyState testId="provider-empty">No {label} games in the catalogue yet</EmptyState>;
  }
  return (
    <ul className="game-grid" data-testid="provider-grid">
      {items.map((item) => {
        const tile = toTile(item);
        return (
          <li key={tile.key}>
            <TileButton tile={tile} />
          </li>
        );
      })}
    </ul>
  );
}

interface SectionProps {
  label: string;
  listKey: keyof CatalogueResponse;
  state: CatalogueState;
}

/** One provider on home: its heading and its tiles, or the loading, error or empty note. */
export function ProviderSection(props: SectionProps) {
  const headingId = `provider-${props.listKey}-title`;
  return (
    <section className="panel" aria-labelledby={headingId} data-testid="provider" data-provider={props.label}>
      <h2 className="panel-head" id={headingId}>
        {props.label}
      </h2>
      <SectionBody {...props} />
    </section>
  );
}
