import { useState } from 'react';
import type { Score } from '@backlay/contracts';
import { CricketBoard } from './cricket-board.tsx';

/** A cricket match with sports data gets its own board; every other score the feed's three lines. */
function Scoreboard({ score, inPlay }: { score: Score | null; inPlay: boolean }) {
  if (score?.cricket) {
    return <CricketBoard cricket={score.cricket} period={score.period} lastEvent={score.lastEvent} />;
  }
  if (!score) {
    return (
      <p>{inPlay ? 'Waiting for the first score update.' : 'The scoreboard opens when the match starts.'}</p>
    );
  }
  return (
    <dl className="scoreboard" data-testid="scoreboard">
      <dt>Score</dt>
      <dd>{score.summary}</dd>
      <dt>Period</dt>
      <dd>{score.period || '—'}</dd>
      <dt>Last</dt>
      <dd data-testid="last-event">{score.lastEvent || '—'}</dd>
    </dl>
  );
}

/** The Livematch panel: the match's scoreboard, opened and closed on demand. */
export function LiveMatch({ score, inPlay }: { score: Score | null; inPlay: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="panel" aria-labelledby="live-match-title">
      <div className="panel-head">
        <h2 className="panel-title" id="live-match-title">
          Live match
        </h2>
        <button
          type="button"
          className="btn btn-ghost"
          aria-expanded={open}
          aria-controls="live-match-area"
          onClick={() => setOpen((value) => !value)}
          data-testid="live-match-toggle"
        >
          {open ? 'Close' : 'Livematch'}
        </button>
      </div>
      <div id="live-match-area" className="live-area" hidden={!open} data-testid="live-match-area">
        <Scoreboard score={score} inPlay={inPlay} />
      </div>
    </section>
  );
}
