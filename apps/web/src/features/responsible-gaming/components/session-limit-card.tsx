import type { Limits } from '@backlay/contracts';
import { useChangeSessionLimit, type SessionLimitChange } from '../api/change-session-limit.ts';
import { sessionMinutesError } from '../limit-input.ts';
import { sessionLimitText, sessionOutcomeText, sessionPendingText } from '../limit-text.ts';
import { LimitControl, type LimitRequest } from './limit-control.tsx';

type SessionLimit = Pick<Limits, 'sessionMinutes' | 'sessionPending'>;

// The typed text has passed `sessionMinutesError`: digits only, so Number reads it exactly.
const toChange = (request: LimitRequest): SessionLimitChange => {
  if (request.action === 'set') return { action: 'set', minutes: Number(request.typed) };
  if (request.action === 'remove') return { action: 'set', minutes: null };
  return { action: request.action };
};

/** Minutes of play per sign-in; when they are used up the session ends until the day is over. */
export function SessionLimitCard({ sessionMinutes, sessionPending }: SessionLimit) {
  const change = useChangeSessionLimit();
  const removalWaits = sessionPending !== null && sessionPending.minutes === null;
  return (
    <LimitControl
      testId="session-limit"
      title="Session limit"
      name="Session limit"
      current={sessionLimitText(sessionMinutes)}
      details={<p className="rg-limit-facts">The longest you can play each time you sign in.</p>}
      pending={
        sessionPending && {
          text: sessionPendingText(sessionPending),
          confirmableAt: sessionPending.confirmableAt,
        }
      }
      removable={sessionMinutes !== null && !removalWaits}
      field={{
        label: 'New session limit in minutes',
        suffix: 'minutes',
        inputMode: 'numeric',
        validate: sessionMinutesError,
      }}
      run={async (request) => sessionOutcomeText(await change.mutateAsync(toChange(request)))}
    />
  );
}
