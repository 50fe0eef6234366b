import { Link } from 'react-router';
import type { SportRoute } from '../../../paths.ts';
import { paths } from '../../../paths.ts';
import { ScrollRegion } from '../../../components/table/scroll-region.tsx';
import '../sports.css';

export const NO_EVENTS_TEXT = 'No events yet';

/** The 1 / X / 2 exchange list of one sport; rows arrive with the exchange markets. */
export function SportsListPage({ sport }: { sport: SportRoute }) {
  return (
    <section className="page" data-testid="sports-list" data-sport={sport.path.slice(1)}>
      <div className="sports-head">
        <h1 className="page-title">{sport.label}</h1>
        {sport.path === '/cricket' && (
          <Link to={paths.ballByBall} className="btn btn-secondary" data-testid="ball-by-ball-link">
            Ball by Ball
          </Link>
        )}
      </div>
      <div className="panel">
        <ScrollRegion label={`${sport.label} events`}>
          <table className="odds-table" aria-label={`${sport.label} events`}>
            <thead>
              <tr>
                <th scope="col" className="odds-game">
                  Game
                </th>
                <th scope="col" colSpan={2}>
                  1
                </th>
                <th scope="col" colSpan={2}>
                  X
                </th>
                <th scope="col" colSpan={2}>
                  2
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td colSpan={7} className="table-empty" data-testid="table-empty">
                  {NO_EVENTS_TEXT}
                </td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      <p className="note">
        Back prices show in <span className="swatch swatch-back">blue</span>, lay prices in{' '}
        <span className="swatch swatch-lay">pink</span>. Events appear here as soon as their markets open.
      </p>
    </section>
  );
}
