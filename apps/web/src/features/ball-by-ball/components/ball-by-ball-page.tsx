import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RUN_OUTCOMES, STREAM_NOTICE } from '../bet-slip.ts';
import { BetPanel } from './bet-panel.tsx';
import './ball-by-ball.css';

function RunsMarket() {
  return (
    <section className="panel" data-testid="runs-market">
      <div className="panel-head">
        <span>Runs</span>
        <span className="note">Opens with the next ball</span>
      </div>
      <ul className="runs-list">
        {RUN_OUTCOMES.map((outcome) => (
          <li key={outcome} className="runs-row suspended" data-testid="runs-outcome">
            <span>{outcome}</span>
            <span className="suspended-tag">SUSPENDED</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Virtual ball-by-ball cricket: stage, runs market, results and the bet slip. */
export function BallByBallPage() {
  return (
    <div className="page" data-testid="ball-by-ball">
      <h1 className="page-title">Ball by Ball</h1>
      <div className="market-grid">
        <div className="market-main">
          <div className="bbb-stage" data-testid="bbb-stage">
            <span>Waiting for the next round</span>
          </div>
          <RunsMarket />
          <p className="bbb-notice" data-testid="stream-notice">
            {STREAM_NOTICE}
          </p>
          <section className="panel">
            <div className="panel-head">
              <span>Last Result</span>
              <Link to={paths.casinoResult} className="view-all">
                View All
              </Link>
            </div>
            <EmptyState testId="last-results-empty">No results yet</EmptyState>
          </section>
        </div>
        <BetPanel />
      </div>
    </div>
  );
}
