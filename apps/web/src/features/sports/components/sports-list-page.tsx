import { Link } from 'react-router';
import type { SportRoute } from '../../../paths.ts';
import { paths } from '../../../paths.ts';
import { ScrollRegion } from '@backlay/front-kit/scroll-region';
import { useSportEvents } from '../api/get-events.ts';
import { sortEvents } from '../list-rows.ts';
import { sportSlugOf } from '../sport-pages.ts';
import { EventRow } from './event-row.tsx';
import { SlipNotice, SlipProvider } from './slip-provider.tsx';
import '../sports.css';

export const NO_EVENTS_TEXT = 'No events yet';

function Rows({ slug }: { slug: string | null }) {
  const events = useSportEvents(slug);
  if (slug !== null && events.isPending) {
    return <EmptyRow text="Loading…" />;
  }
  if (events.isError) {
    return (
      <tr>
        <td colSpan={7} className="table-empty">
          Events could not be loaded.{' '}
          <button type="button" className="btn btn-ghost" onClick={() => void events.refetch()}>
            Try again
          </button>
        </td>
      </tr>
    );
  }
  const list = sortEvents(events.data?.events ?? []);
  if (list.length === 0) return <EmptyRow text={NO_EVENTS_TEXT} />;
  return list.map((event) => <EventRow key={event.id} event={event} />);
}

function EmptyRow({ text }: { text: string }) {
  return (
    <tr>
      <td colSpan={7} className="table-empty" data-testid="table-empty">
        {text}
      </td>
    </tr>
  );
}

/** The 1 / X / 2 exchange list of one sport with live best prices; any price opens the bet slip. */
export function SportsListPage({ sport }: { sport: SportRoute }) {
  const slug = sportSlugOf(sport);
  const loading = useSportEvents(slug).isPending && slug !== null;
  return (
    <SlipProvider>
      <section className="page" data-testid="sports-list" data-sport={sport.path.slice(1)}>
        <div className="sports-head">
          <h1 className="page-title">{sport.label}</h1>
          {sport.path === '/cricket' && (
            <Link to={paths.ballByBall} className="btn btn-secondary" data-testid="ball-by-ball-link">
              Ball by Ball
            </Link>
          )}
        </div>
        <SlipNotice />
        <div className="panel">
          <ScrollRegion label={`${sport.label} events`}>
            <table
              className="odds-table"
              aria-label={`${sport.label} events`}
              aria-busy={loading || undefined}
            >
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
                <Rows slug={slug} />
              </tbody>
            </table>
          </ScrollRegion>
        </div>
        <p className="note">
          Back prices show in <span className="swatch swatch-back">blue</span>, lay prices in{' '}
          <span className="swatch swatch-lay">pink</span>. Choose a price to open the bet slip.
        </p>
      </section>
    </SlipProvider>
  );
}
