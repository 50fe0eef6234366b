import type { Feed } from '@backlay/contracts';
import type { FormEvent } from 'react';
import { ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { feedsKey, pauseFeed, resumeFeed, setFeedSpeed, stopFeed } from './api.ts';
import { dateTimeToMs, fieldReader, MAX_SPEED, MIN_SPEED, speedOf } from './feed-forms.ts';

const affects = [feedsKey];

/** Pause, resume (optionally until a publish time), stop, and a replay's speed. */
export function FeedControls({ feed }: { feed: Feed }) {
  const pause = useChange(pauseFeed, affects, () => 'Paused.');
  const resume = useChange(
    async ({ id, until }: { id: string; until: () => number | undefined }) =>
      resumeFeed({ id, until: until() }),
    affects,
    () => 'Resumed.',
  );
  const stop = useChange(stopFeed, affects, () => 'Stopped.');
  const speed = useChange(
    async ({ id, read }: { id: string; read: () => number }) => setFeedSpeed({ id, speed: read() }),
    affects,
    () => 'Speed set.',
  );
  const busy = pause.busy || resume.busy || stop.busy || speed.busy;
  const label = `feed ${feed.id}`;

  const submitResume = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = fieldReader(new FormData(event.currentTarget));
    resume.run({ id: feed.id, until: () => dateTimeToMs(field('until')) });
  };
  const submitSpeed = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = fieldReader(new FormData(event.currentTarget));
    speed.run({ id: feed.id, read: () => speedOf(field('speed')) });
  };

  return (
    <div className="stack">
      <div className="row align-end">
        {feed.state === 'running' && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => pause.run({ id: feed.id })}
          >
            Pause
          </button>
        )}
        {feed.state === 'paused' && (
          <form className="row align-end" onSubmit={submitResume} aria-label={`Resume ${label}`}>
            <label className="field">
              <span className="field-label">Until (optional)</span>
              <input name="until" type="datetime-local" step={1} />
            </label>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Resume
            </button>
          </form>
        )}
        {feed.kind === 'replay' && (
          <form className="row align-end" onSubmit={submitSpeed} aria-label={`Speed of ${label}`}>
            <label className="field">
              <span className="field-label">Speed ×</span>
              <input
                name="speed"
                type="number"
                min={MIN_SPEED}
                max={MAX_SPEED}
                step="any"
                defaultValue={feed.speed}
                required
              />
            </label>
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              Set speed
            </button>
          </form>
        )}
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={() => stop.run({ id: feed.id })}
        >
          Stop
        </button>
      </div>
      <ErrorNote error={pause.error ?? resume.error ?? stop.error ?? speed.error} />
    </div>
  );
}
