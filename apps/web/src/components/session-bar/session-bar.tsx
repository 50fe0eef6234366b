import { useEffect, useState } from 'react';
import { useSessionSummary } from '../../lib/session-summary-query.ts';
import { msToNextMinute, netText, netTone, sessionClock } from './session-figures.ts';
import './session-bar.css';

/** Now, moved on each whole minute since `signedInMs`, so the clock ticks without the server. */
function useMinuteClock(signedInMs: number | null): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (signedInMs === null) return;
    const timer = window.setTimeout(() => setNowMs(Date.now()), msToNextMinute(nowMs - signedInMs));
    return () => window.clearTimeout(timer);
  }, [signedInMs, nowMs]);
  return nowMs;
}

/** ISO 8601 duration for `<time dateTime>`, so assistive tech can read "0:42" as a span of time. */
function isoDuration(clock: string): string {
  const [hours, minutes] = clock.split(':');
  return `PT${hours}H${Number(minutes)}M`;
}

/**
 * One line: time since sign-in and the net result since then ("Session 0:42 · Net -50.00"). It reads
 * the reality check's cached summary (no poll of its own) and keeps its size while that loads, so
 * the page does not move when the figures arrive.
 */
export function SessionBar({ className = '' }: { className?: string }) {
  const { data } = useSessionSummary();
  const signedInMs = data ? Date.parse(data.signedInAt) : Number.NaN;
  const known = Number.isFinite(signedInMs);
  const nowMs = useMinuteClock(known ? signedInMs : null);
  const clock = known ? sessionClock(nowMs - signedInMs) : null;
  const tone = data ? netTone(data.net) : null;
  return (
    <p
      className={`session-bar ${className}`.trim()}
      title="Time and net result since you signed in"
      aria-busy={!data}
      data-testid="session-bar"
    >
      <span>
        Session{' '}
        {clock ? (
          <time dateTime={isoDuration(clock)} data-testid="session-time">
            {clock}
          </time>
        ) : (
          <span data-testid="session-time">–:––</span>
        )}
      </span>
      <span aria-hidden="true"> · </span>
      <span>
        Net{' '}
        <span className={`session-net is-${tone ?? 'even'}`} data-tone={tone} data-testid="session-net">
          {data ? netText(data.net) : '–'}
        </span>
      </span>
    </p>
  );
}
