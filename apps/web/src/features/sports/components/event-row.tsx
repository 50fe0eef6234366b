import { useRef } from 'react';
import { Link } from 'react-router';
import type { EventsResponse } from '@backlay/contracts';
import { formatDateTime } from '../../../lib/dates.ts';
import { listRunnersOf, outcomeColumns, type ListRunner } from '../list-rows.ts';
import { useOpenSlip } from '../slip-context.ts';
import { sportsDetailPath } from '../sport-pages.ts';
import { PriceCell } from './price-cell.tsx';
import { useInView } from './use-in-view.ts';
import { useStreamedMarket } from './use-live-market.ts';

type EventSummary = EventsResponse['events'][number];

/** One match of a sports list: name, start, in-play marker and the 1 / X / 2 back and lay boxes. */
export function EventRow({ event }: { event: EventSummary }) {
  const row = useRef<HTMLTableRowElement>(null);
  const inView = useInView(row);
  const streamed = useStreamedMarket(inView ? event.marketId : null);
  const runners = streamed ? listRunnersOf(streamed) : event.runners;
  const inPlay = streamed ? streamed.inPlay : event.inPlay;
  const suspended = streamed !== null && streamed.status !== 'OPEN';
  const columns = outcomeColumns(runners);
  const openSlip = useOpenSlip();
  const detail = sportsDetailPath(event.id);

  const cells = (runner: ListRunner | null, column: string) => {
    if (!runner || !event.marketId) {
      return [
        <td key={`${column}b`} className="odds-cell" />,
        <td key={`${column}l`} className="odds-cell" />,
      ];
    }
    const pick = (side: 'BACK' | 'LAY') => (price: number | null) =>
      openSlip({
        marketId: event.marketId ?? '',
        marketType: 'MATCH_ODDS',
        marketName: 'Match Odds',
        eventName: event.name,
        runnerId: runner.id,
        runnerName: runner.name,
        side,
        price,
      });
    return (['BACK', 'LAY'] as const).map((side) => (
      <td key={`${column}${side}`} className="odds-cell">
        <PriceCell
          level={side === 'BACK' ? runner.back : runner.lay}
          side={side}
          runnerName={runner.name}
          disabled={suspended}
          emptyClickable
          onPick={pick(side)}
        />
      </td>
    ));
  };

  return (
    <tr ref={row} data-testid="event-row" data-event={event.id} data-in-play={inPlay || undefined}>
      <td className="odds-game">
        <Link to={detail} className="event-link" data-testid="event-link">
          {event.name}
        </Link>
        <span className="event-meta">
          {inPlay && (
            <span className="in-play" data-testid="in-play">
              In play
            </span>
          )}
          <time dateTime={event.startTime}>{formatDateTime(event.startTime)}</time>
          {suspended && <span className="suspended-tag">SUSPENDED</span>}
        </span>
      </td>
      {columns ? (
        columns.flatMap((runner, index) => cells(runner, ['1', 'X', '2'][index] ?? ''))
      ) : (
        <td colSpan={6} className="odds-more">
          <Link to={detail} className="btn btn-ghost">
            {runners.length} runners: view market
          </Link>
        </td>
      )}
    </tr>
  );
}
