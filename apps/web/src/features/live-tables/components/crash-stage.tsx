import type { CrashRound } from '@backlay/contracts';
import { formatMultiplier } from '../crash-curve.ts';
import { countdownSeconds, msUntil } from '../server-clock.ts';
import { useNow } from '../use-now.ts';

/** The sky: the betting countdown, then the multiplier climbing, then where the plane flew away. */
export function CrashStage({
  round,
  multiplier,
  offsetMs,
}: {
  round: CrashRound | null;
  multiplier: number;
  offsetMs: number;
}) {
  const nowMs = useNow(250);
  const status = round?.status ?? 'NONE';
  const seconds =
    round?.status === 'BETTING' ? countdownSeconds(msUntil(round.closesAt, nowMs, offsetMs)) : null;
  // The curve's height grows with the multiplier's logarithm, so it keeps climbing past 10x.
  const height = Math.min(1, Math.log(Math.max(1, multiplier)) / Math.log(10));
  const shown = status === 'CRASHED' && round?.crashPoint != null ? round.crashPoint : multiplier;
  return (
    <div
      className={`crash-stage crash-${status.toLowerCase()}`}
      data-testid="crash-stage"
      data-status={status}
      data-round={round?.id}
    >
      <svg className="crash-curve" viewBox="0 0 100 60" preserveAspectRatio="none" aria-hidden="true">
        {status !== 'BETTING' && <path d={`M0 60 Q 60 60 100 ${60 - 55 * height}`} />}
      </svg>
      <div className="crash-readout">
        {status === 'BETTING' && (
          <>
            <p className="crash-caption" role="status">
              Place your bets
            </p>
            <span
              className="crash-countdown"
              role="timer"
              aria-label={`${seconds ?? 0} seconds to take-off`}
              data-testid="crash-countdown"
            >
              {seconds}
            </span>
          </>
        )}
        {status !== 'BETTING' && (
          <>
            <span className="crash-multiplier" data-testid="crash-multiplier">
              {formatMultiplier(shown)}
            </span>
            <p className="crash-caption" role="status" data-testid="crash-caption">
              {status === 'CRASHED'
                ? `Flew away at ${formatMultiplier(shown)}`
                : status === 'VOID'
                  ? 'Round stopped: bets refunded'
                  : status === 'RUNNING'
                    ? 'Flying'
                    : 'Waiting for the next round'}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** The last crash points, newest first, like the spec's 1.96x … 9.96x row. */
export function CrashHistory({ crashes }: { crashes: readonly { roundId: number; crashPoint: number }[] }) {
  return (
    <ul className="crash-history" aria-label="Last crash points" data-testid="crash-history">
      {crashes.map((crash) => (
        <li
          key={crash.roundId}
          className={crash.crashPoint >= 2 ? 'crash-point high' : 'crash-point'}
          title={`Round ${crash.roundId}`}
        >
          {formatMultiplier(crash.crashPoint)}
        </li>
      ))}
    </ul>
  );
}
