import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LIMIT_CHANGE_FAILED_TEXT } from '../limit-text.ts';
import { failureText } from '../protection-text.ts';
import { PendingChange, type Pending } from './pending-change.tsx';

/** What the player asked of one limit; `set` carries the text they typed, already checked. */
export type LimitRequest = { action: 'set'; typed: string } | { action: 'remove' | 'confirm' | 'cancel' };
type LimitAction = LimitRequest['action'];

export interface LimitField {
  label: string;
  /** Names the input's test id: `<testId>-amount` or `<testId>-minutes`. */
  suffix: 'amount' | 'minutes';
  inputMode: 'decimal' | 'numeric';
  /** The rule the typed text breaks, or null when it may be sent. */
  validate: (typed: string) => string | null;
}

interface LimitControlProps {
  testId: string;
  title: string;
  /** "Daily loss limit": read after the buttons' visible words, so each button says what it changes. */
  name: string;
  current: string;
  details?: ReactNode;
  pending: Pending | null;
  removable: boolean;
  field: LimitField;
  /** Sends the request and answers what it left, in words; throws what the server refused. */
  run: (request: LimitRequest) => Promise<string>;
}

/**
 * One limit: what binds now, the change that waits, and a form to set a new value or remove it. After
 * every answer focus returns to the field, as the button pressed may be gone (Remove, Confirm, Cancel).
 */
export function LimitControl(props: LimitControlProps) {
  const { testId, title, name, current, details, pending, removable, field, run } = props;
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState<LimitAction | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const spokenName = name.toLowerCase();

  const perform = async (request: LimitRequest) => {
    setFailure(null);
    setOutcome(null);
    setBusy(request.action);
    try {
      setOutcome(await run(request));
      if (request.action === 'set') setTyped('');
    } catch (error) {
      setFailure(failureText(error, LIMIT_CHANGE_FAILED_TEXT));
    } finally {
      setBusy(null);
      input.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const rule = field.validate(typed);
    setInvalid(rule);
    if (rule === null) void perform({ action: 'set', typed: typed.trim() });
  };

  const error = invalid ?? failure;
  return (
    <div className="rg-limit" role="group" aria-labelledby={titleId} data-testid={testId}>
      <h4 className="rg-limit-title" id={titleId}>
        {title}
      </h4>
      <div className="rg-limit-now-row">
        <p className="rg-limit-now" data-testid={`${testId}-current`}>
          {current}
        </p>
        {removable && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy !== null}
            onClick={() => void perform({ action: 'remove' })}
            data-testid={`${testId}-remove`}
          >
            {busy === 'remove' ? 'Removing…' : 'Remove'}
            <span className="visually-hidden"> {spokenName}</span>
          </button>
        )}
      </div>
      {details}
      {pending && (
        <PendingChange
          pending={pending}
          name={spokenName}
          busy={busy === 'confirm' || busy === 'cancel' ? busy : null}
          locked={busy !== null}
          onConfirm={() => void perform({ action: 'confirm' })}
          onCancel={() => void perform({ action: 'cancel' })}
          testId={testId}
        />
      )}
      <form className="rg-limit-form" onSubmit={onSubmit} noValidate data-testid={`${testId}-form`}>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            {field.label}
          </label>
          <input
            id={inputId}
            ref={input}
            inputMode={field.inputMode}
            autoComplete="off"
            value={typed}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setInvalid(null);
            }}
            data-testid={`${testId}-${field.suffix}`}
          />
        </div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy !== null}
          data-testid={`${testId}-set`}
        >
          {busy === 'set' ? 'Setting…' : 'Set'}
          <span className="visually-hidden"> {spokenName}</span>
        </button>
        {error && (
          <p className="error-text" id={errorId} role="alert" data-testid={`${testId}-error`}>
            {error}
          </p>
        )}
        {outcome && (
          <p className="rg-limit-outcome" role="status" data-testid={`${testId}-outcome`}>
            {outcome}
          </p>
        )}
      </form>
    </div>
  );
}
