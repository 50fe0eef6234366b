import { memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { launchGame, SHARED_SPORTS_GAME_ID } from '../../../lib/game-launch.ts';
import { paths } from '../../../paths.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useLiveMatchLinks } from '../api/get-live-matches.ts';
import { providerLists } from '../catalogue-tiles.ts';
import { homeSports, homeTabs, quickLinks } from '../home-data.ts';
import { ProviderSection, type CatalogueState } from './provider-section.tsx';
import './home-page.css';

function launchSports() {
  void launchGame(SHARED_SPORTS_GAME_ID);
}

/** The catalogue query as a section shows it; the same object until the query's state changes. */
function useCatalogueState(): CatalogueState {
  const { status, data, refetch } = useCatalogue();
  return useMemo((): CatalogueState => {
    if (status === 'success') return { status, data };
    if (status === 'error') return { status, retry: () => void refetch() };
    return { status: 'pending' };
  }, [status, data, refetch]);
}

/** The provider grids: hundreds of tiles, rendered again only when the catalogue's state changes. */
const ProviderSections = memo(function ProviderSections({ state }: { state: CatalogueState }) {
  return providerLists.map((list) => (
    <ProviderSection key={list.key} label={list.label} listKey={list.key} state={state} />
  ));
});

export function HomePage() {
  // The grids take the catalogue in a deferred render, which React does in slices between other
  // work, so its arrival never holds the main thread for all the tiles at once (docs/decisions/0186).
  const catalogueState = useDeferredValue(useCatalogueState());
  const matches = useLiveMatchLinks();
  return (
    <div className="page home" data-testid="home">
      <h1 className="visually-hidden">Home</h1>
      <div className="home-top">
        <button
          type="button"
          className="btn btn-primary lucky"
          onClick={launchSports}
          data-testid="lucky-sports"
        >
          Lucky Sports
        </button>
        <nav className="quick-links" aria-label="Quick links">
          {quickLinks.map((link) => (
            <Link key={link.to} to={link.to} className="chip">
              {link.label}
            </Link>
          ))}
          {/* A match chip's place is kept while it loads, so nothing below moves when it arrives. */}
          {matches.map(({ sport, link, loading }) =>
            link ? (
              <Link key={sport} to={link.to} className="chip chip-match" data-testid="quick-match">
                {link.inPlay && <span className="chip-live">Live</span>}
                {link.label}
              </Link>
            ) : (
              loading && <span key={sport} className="chip chip-match chip-loading" aria-hidden="true" />
            ),
          )}
        </nav>
      </div>
      <nav className="home-tabs" aria-label="Game types" data-testid="home-tabs">
        {homeTabs.map((tab) => (
          <Link key={tab.label} to={tab.to} className="home-tab" data-testid="home-tab">
            {tab.label}
          </Link>
        ))}
      </nav>
      <section className="panel" aria-labelledby="home-sports-title">
        <h2 className="panel-head" id="home-sports-title">
          Sports
        </h2>
        <ul className="sport-grid" data-testid="home-sports">
          {homeSports.map((sport) => (
            <li key={sport}>
              <button type="button" className="sport-tile" onClick={launchSports} data-testid="home-sport">
                {sport}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <p className="home-safer" data-testid="home-responsible-gaming">
        Need a pause? <Link to={paths.responsibleGaming}>Responsible gaming</Link>: take a break or exclude
        yourself.
      </p>
      <ProviderSections state={catalogueState} />
    </div>
  );
}
