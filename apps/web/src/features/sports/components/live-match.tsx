import { useState } from 'react';
import type { Score } from '@backlay/contracts';

/** The Livematch panel: a scoreboard from the feed, opened and closed on demand. */
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
        {score ? (
          <dl className="scoreboard">
            <dt>Score</dt>
            <dd>{score.summary}</dd>
            <dt>Period</dt>
            <dd>{score.period || '—'}</dd>
            <dt>Last</dt>
            <dd data-testid="last-event">{score.lastEvent || '—'}</dd>
          </dl>
        ) : (
          <p>
            {inPlay ? 'Waiting for the first score update.' : 'The scoreboard opens when the match starts.'}
          </p>
        )}
      </div>
    </section>
  );
}
