import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { launchGame, SHARED_SPORTS_GAME_ID } from '../../../lib/game-launch.ts';
import { homeSports, homeTabs, providers, quickLinks } from '../home-data.ts';
import './home-page.css';

function launchSports() {
  void launchGame(SHARED_SPORTS_GAME_ID);
}

export function HomePage() {
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
      {providers.map((provider) => (
        <section key={provider} className="panel" data-testid="provider" data-provider={provider}>
          <h2 className="panel-head">{provider}</h2>
          <EmptyState testId="provider-empty">No {provider} games in the catalogue yet</EmptyState>
        </section>
      ))}
    </div>
  );
}
