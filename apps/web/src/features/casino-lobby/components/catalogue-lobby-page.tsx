import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { GameGrid } from '../../../components/game-tile.tsx';
import { useCatalogueState, type CatalogueState } from '../../../lib/catalogue-query.ts';
import {
  catalogueLobbies,
  filterLobby,
  lobbyItems,
  providerLabels,
  type CatalogueLobbyKey,
  type LobbyFilter,
  type LobbyItem,
} from '../catalogue-lobbies.ts';
import { LobbyFilters } from './lobby-filters.tsx';
import './catalogue-lobby.css';

const countText = (shown: number, total: number) =>
  shown === total ? `${total} ${total === 1 ? 'game' : 'games'}` : `${shown} of ${total} games`;

function Results({ items, filter }: { items: readonly LobbyItem[]; filter: LobbyFilter }) {
  const shown = useMemo(() => filterLobby(items, filter), [items, filter]);
  return (
    <>
      <p className="catalogue-count" role="status" data-testid="catalogue-count">
        {countText(shown.length, items.length)}
      </p>
      {shown.length === 0 ? (
        <EmptyState testId="catalogue-no-match">
          {items.length === 0 ? 'No games in this lobby yet' : 'No game matches your search'}
        </EmptyState>
      ) : (
        <GameGrid
          tiles={shown.map((entry) => ({ item: entry.item, detail: providerLabels[entry.provider] }))}
          gridTestId="catalogue-grid"
          tileTestId="catalogue-tile"
        />
      )}
    </>
  );
}

function Body({ lobbyKey, state }: { lobbyKey: CatalogueLobbyKey; state: CatalogueState }) {
  const [filter, setFilter] = useState<LobbyFilter>({ provider: null, search: '' });
  // The state object is new on every render; the catalogue answer itself only changes on a refetch.
  const data = state.status === 'success' ? state.data : null;
  const items = useMemo(() => (data ? lobbyItems(catalogueLobbies[lobbyKey], data) : []), [lobbyKey, data]);
  if (state.status === 'pending') {
    return (
      <div className="empty-state" aria-busy="true" data-testid="catalogue-loading">
        Loading games…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="empty-state" role="alert" data-testid="catalogue-error">
        <p className="catalogue-error-text">Games could not be loaded.</p>
        <button type="button" className="btn" onClick={state.retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <LobbyFilters items={items} filter={filter} onChange={setFilter} />
      <Results items={items} filter={filter} />
    </>
  );
}

/** A lobby of catalogue titles (slots, fantasy, lottery, instant) with a provider filter and a search. */
export function CatalogueLobbyPage({ lobbyKey }: { lobbyKey: CatalogueLobbyKey }) {
  const lobby = catalogueLobbies[lobbyKey];
  const state = useCatalogueState();
  return (
    <div className="page" data-testid="catalogue-lobby" data-lobby={lobbyKey}>
      <h1 className="page-title">{lobby.title}</h1>
      <p className="catalogue-summary">{lobby.summary}</p>
      <section className="panel catalogue-panel" aria-label={`${lobby.title} games`}>
        <Body lobbyKey={lobbyKey} state={state} />
      </section>
    </div>
  );
}
