import type { EventDetail, ScoreUpdate } from '@backlay/contracts';
import { formatDateTime } from '../../../lib/dates.ts';
import { CricketScore } from './cricket-score.tsx';

type Event = EventDetail['event'];

const STATUS_TEXT: Record<Event['status'], string> = {
  SCHEDULED: 'Starts',
  IN_PLAY: 'In play',
  FINISHED: 'Finished',
  CLOSED: 'Closed',
};

/** Match name, competition, start, status and the live score line (a cricket scoreboard from sports data). */
export function MatchHeader({ event, live }: { event: Event; live: Omit<ScoreUpdate, 'eventId'> }) {
  return (
    <header className="match-header" data-testid="match-header">
      <h1>{event.name}</h1>
      <p className="match-meta">
        <span>{event.competition}</span>
        {live.inPlay ? (
          <span className="in-play" data-testid="in-play">
            In play
          </span>
        ) : (
          <span>{STATUS_TEXT[live.status]}</span>
        )}
        <time dateTime={event.startTime}>{formatDateTime(event.startTime)}</time>
      </p>
      {live.score?.cricket ? (
        <CricketScore cricket={live.score.cricket} period={live.score.period} />
      ) : (
        live.score && (
          <p className="match-score" aria-live="polite" data-testid="match-score">
            {live.score.summary}
          </p>
        )
      )}
    </header>
  );
}
