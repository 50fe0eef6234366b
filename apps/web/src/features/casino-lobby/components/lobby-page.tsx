import { useRef, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { Lobby } from '../lobbies.ts';
import { nextCategoryIndex, selectedCategory } from '../category-keys.ts';
import { InHouseTiles } from './in-house-tiles.tsx';
import './lobby-page.css';

export const NO_GAMES_TEXT = 'No games in this category yet';

/** A casino lobby: a category list (arrow keys move, wrapping) and the tiles of the chosen one. */
export function LobbyPage({ lobby }: { lobby: Lobby }) {
  // Not `useSearchParams`: every router API a page uses weighs on the login screen (docs/decisions/0089).
  const { search } = useLocation();
  const navigate = useNavigate();
  const selected = selectedCategory(lobby.categories, new URLSearchParams(search).get('tab'));
  const selectedIndex = lobby.categories.indexOf(selected);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (category: string) =>
    navigate(`?${new URLSearchParams({ tab: category })}`, { replace: true });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextCategoryIndex(selectedIndex, event.key, lobby.categories.length);
    if (next === null) return;
    event.preventDefault();
    const category = lobby.categories[next];
    if (category === undefined) return;
    select(category);
    items.current[next]?.focus();
  };

  return (
    <div className="page" data-testid="lobby" data-lobby={lobby.path.slice(1)}>
      <h1 className="page-title">{lobby.title}</h1>
      <div className="lobby">
        <div
          className="lobby-categories"
          role="tablist"
          aria-orientation="vertical"
          aria-label={`${lobby.title} categories`}
          onKeyDown={onKeyDown}
          data-testid="category-list"
        >
          {lobby.categories.map((category, index) => {
            const active = category === selected;
            return (
              <button
                key={category}
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`category-${index}`}
                aria-selected={active}
                aria-controls="lobby-tiles"
                tabIndex={active ? 0 : -1}
                className="lobby-category"
                onClick={() => select(category)}
                data-testid="category-item"
                data-category={category}
                data-active={active ? 'true' : 'false'}
              >
                {category}
              </button>
            );
          })}
        </div>
        <section
          id="lobby-tiles"
          className="panel lobby-tiles"
          role="tabpanel"
          aria-labelledby={`category-${selectedIndex}`}
          data-testid="lobby-tiles"
        >
          <div className="panel-head">{selected}</div>
          <InHouseTiles
            lobbyPath={lobby.path}
            category={selected}
            fallback={<EmptyState testId="lobby-empty">{NO_GAMES_TEXT}</EmptyState>}
          />
        </section>
      </div>
    </div>
  );
}
