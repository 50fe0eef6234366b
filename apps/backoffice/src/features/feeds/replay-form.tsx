import type { FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { fieldReader, MAX_SPEED, MIN_SPEED, replayBody } from './feed-forms.ts';
import { SettleFromField } from './settle-from-field.tsx';
import { useStartFeed } from './use-start-feed.ts';

/** Replays the chosen files at a speed, optionally skipping long quiet gaps and pausing at a time. */
export function ReplayForm({ fileIds }: { fileIds: readonly string[] }) {
  const start = useStartFeed('Replay started.');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = fieldReader(new FormData(event.currentTarget));
    start.run(() => replayBody(fileIds, field));
  };
  return (
    <section className="panel panel-body stack" aria-labelledby="replay-title">
      <h2 id="replay-title" className="panel-title">
        Replay
      </h2>
      <p className="note">
        {fileIds.length === 0
          ? 'Upload a recording and tick it to replay it.'
          : `${fileIds.length} file${fileIds.length === 1 ? '' : 's'} chosen.`}
      </p>
      <form className="stack" onSubmit={submit} aria-label="Start a replay">
        <div className="row align-end">
          <label className="field grow">
            <span className="field-label">
              Speed (× real time, {MIN_SPEED}–{MAX_SPEED.toLocaleString('en-GB')})
            </span>
            <input
              name="speed"
              type="number"
              min={MIN_SPEED}
              max={MAX_SPEED}
              step="any"
              defaultValue={100}
              required
            />
          </label>
          <label className="field grow">
            <span className="field-label">Max gap (ms, optional)</span>
            <input name="maxGapMs" type="number" min={0} step={1} placeholder="No limit" />
          </label>
        </div>
        <div className="row align-end">
          <label className="field grow">
            <span className="field-label">Pause at publish time (your time zone, optional)</span>
            <input name="until" type="datetime-local" step={1} />
          </label>
          <SettleFromField />
        </div>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={start.busy || fileIds.length === 0}>
            Start replay
          </button>
        </div>
      </form>
      <ErrorNote error={start.error} />
      <DoneNote text={start.done} />
    </section>
  );
}
