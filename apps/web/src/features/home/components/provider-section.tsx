import type { CatalogueResponse } from '@backlay/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { GameGrid } from '../../../components/game-tile.tsx';
import type { CatalogueState } from '../../../lib/catalogue-query.ts';

export type { CatalogueState };
import { gameCountText } from '../catalogue-tiles.ts';

interface SectionProps {
  label: string;
  listKey: keyof CatalogueResponse;
  state: CatalogueState;
}

function SectionBody({ label, listKey, state }: SectionProps) {
  if (state.status === 'pending') {
    return (
      <div className="empty-state provider-loading" aria-busy="true" data-testid="provider-loading">
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
    <GameGrid tiles={items.map((item) => ({ item }))} gridTestId="provider-grid" tileTestId="provider-tile" />
  );
}

/** One provider on home: its heading with the number of titles, and its tiles or a status note. */
export function ProviderSection(props: SectionProps) {
  const headingId = `provider-${props.listKey}-title`;
  const count = props.state.status === 'success' ? props.state.data[props.listKey].length : null;
  return (
    <section
      className="panel provider-panel"
      aria-labelledby={headingId}
      data-testid="provider"
      data-provider={props.label}
    >
      <h2 className="panel-head" id={headingId}>
        {props.label}{' '}
        {count !== null && (
          <span className="provider-count" data-testid="provider-count">
            {gameCountText(count)}
          </span>
        )}
      </h2>
      <SectionBody {...props} />
    </section>
  );
}
