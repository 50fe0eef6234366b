import { Link } from 'react-router';
import { launchGame, SHARED_SPORTS_GAME_ID } from '../../../lib/game-launch.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useLiveMatchLinks } from '../api/get-live-matches.ts';
import { providerLists } from '../catalogue-tiles.ts';
import { homeSports, homeTabs, quickLinks } from '../home-data.ts';
import { ProviderSection, type CatalogueState } from './provider-section.tsx';
import './home-page.css';

function launchSports() {
  void launchGame(SHARED_SPORTS_GAME_ID);
}

function useCatalogueState(): CatalogueState {
  const catalogue = useCatalogue();
  if (catalogue.isSuccess) return { status: 'success', data: catalogue.data };
  if (catalogue.isError) return { status: 'error', retry: () => void catalogue.refetch() };
  return { status: 'pending' };
}

export function HomePage() {
  const catalogueState = useCatalogueState();
  const matchLinks = useLiveMatchLinks();
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
          {matchLinks.map((link) => (
            <Link key={link.to} to={link.to} className="chip chip-match" data-testid="quick-match">
              {link.inPlay && <span className="chip-live">Live</span>}
              {link.label}
            </Link>
          ))}
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
      {providerLists.map((list) => (
        <ProviderSection key={list.key} label={list.label} listKey={list.key} state={catalogueState} />
      ))}
    </div>
  );
}
