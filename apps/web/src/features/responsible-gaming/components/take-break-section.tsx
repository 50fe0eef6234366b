import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { useTakeTimeOut } from '../api/take-time-out.ts';
import {
  BREAK_CHOICES,
  OTHER_CHOICE,
  breakDays,
  breakEnd,
  choiceOf,
  daysText,
  type BreakChoice,
} from '../break-days.ts';
import { BREAK_FAILED_TEXT, breakTakenText, failureText } from '../protection-text.ts';
import { ChoiceGroup, type Choice } from './choice-group.tsx';

const CHOICES: readonly Choice<BreakChoice>[] = [
  ...BREAK_CHOICES.map((days) => ({ value: days, label: daysText(days) })),
  { value: OTHER_CHOICE, label: 'Other' },
];

function BreakConfirm({ days, onBack }: { days: number; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timeOut = useTakeTimeOut();
  useEffect(() => heading.current?.focus(), [taken]);

  const start = () => {
    setError(null);
    timeOut.mutate(days, {
      onSuccess: ({ until }) => setTaken(until),
      onError: (failure) => setError(failureText(failure, BREAK_FAILED_TEXT)),
    });
  };

  if (taken)
    return (
      <div className="rg-confirm" data-testid="break-taken">
        <h3 className="rg-confirm-title" ref={heading} tabIndex={-1}>
          Break started
        </h3>
        <p role="status" data-testid="break-taken-text">
          {breakTakenText(taken)}
        </p>
        <button type="button" className="btn btn-ghost" onClick={onBack} data-testid="break-done">
          Done
        </button>
      </div>
    );

  return (
    <div className="rg-confirm" data-testid="break-confirm">
      <h3 className="rg-confirm-title" ref={heading} tabIndex={-1}>
        Confirm your break
      </h3>
      <p data-testid="break-confirm-text">
        Take a break of {daysText(days)}? It starts now and ends on{' '}
        {formatDateTime(breakEnd(new Date(), days))}. You cannot end it early.
      </p>
      {error && (
        <p className="error-text" role="alert" data-testid="break-error">
          {error}
        </p>
      )}
      <div className="rg-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={timeOut.isPending}
          onClick={start}
          data-testid="break-start"
        >
          {timeOut.isPending ? 'Starting…' : 'Start my break'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onBack} data-testid="break-back">
          Go back
        </button>
      </div>
    </div>
  );
}

interface BreakFormProps {
  onContinue: (days: number) => void;
  /**
   * The length chosen before, when the player comes back from the confirm step: the form shows it
   * again and focus returns to Continue, where they left it.
   */
  previousDays: number | null;
}

function BreakForm({ onContinue, previousDays }: BreakFormProps) {
  const [choice, setChoice] = useState<BreakChoice>(() => choiceOf(previousDays ?? 1));
  const [typed, setTyped] = useState(() =>
    previousDays !== null && choiceOf(previousDays) === OTHER_CHOICE ? String(previousDays) : '',
  );
  const continueButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (previousDays !== null) continueButton.current?.focus();
  }, [previousDays]);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const daysId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = breakDays(choice, typed);
    if (!result.ok) return setError(result.error);
    onContinue(result.days);
  };

  return (
    <form className="rg-form" onSubmit={onSubmit} noValidate data-testid="break-form">
      <ChoiceGroup
        legend="Length of the break"
        name="break-length"
        choices={CHOICES}
        selected={choice}
        onSelect={(value) => {
          setChoice(value);
          setError(null);
        }}
        testId="break-choice"
      />
      {choice === OTHER_CHOICE && (
        <div className="field rg-days">
          <label className="field-label" htmlFor={daysId}>
            Number of days (1 to 42)
          </label>
          <input
            id={daysId}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            data-testid="break-days"
          />
        </div>
      )}
      {error && (
        <p className="error-text" id={errorId} role="alert" data-testid="break-days-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" ref={continueButton} data-testid="break-continue">
        Continue
      </button>
    </form>
  );
}

/** Choose a length, read when it would end, confirm; the form comes back afterwards (Done or Go back). */
export function TakeBreakSection() {
  const [days, setDays] = useState<number | null>(null);
  const [previousDays, setPreviousDays] = useState<number | null>(null);
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="take-break">
      <h2 className="panel-head" id={titleId}>
        Take a break
      </h2>
      <div className="panel-body rg-body">
        <p className="rg-warning">
          A break starts at once and cannot be ended early, by you or by us. Until it ends, every bet is
          refused; you can still sign in and see your account.
        </p>
        {days === null ? (
          <BreakForm onContinue={setDays} previousDays={previousDays} />
        ) : (
          <BreakConfirm
            days={days}
            onBack={() => {
              setDays(null);
              setPreviousDays(days);
            }}
          />
        )}
      </div>
    </section>
  );
}
