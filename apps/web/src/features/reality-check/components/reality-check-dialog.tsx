import { useEffect, useRef } from 'react';
import type { SessionSummary } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { playedFor } from '../due-time.ts';
import './reality-check.css';

type Props = {
  summary: SessionSummary;
  onContinue: () => void;
  onSignOut: () => void;
  onViewStatement: () => void;
};

/**
 * The reality check as a modal dialog (`showModal`: the page behind is inert and focus stays inside).
 * Escape answers Continue: the player dismissed it, the same as choosing to carry on.
 */
export function RealityCheckDialog({ summary, onContinue, onSignOut, onViewStatement }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const netClass = summary.net.startsWith('-') ? 'reality-net is-loss' : 'reality-net';
  return (
    <dialog
      ref={dialog}
      className="reality-check"
      aria-labelledby="reality-check-title"
      aria-describedby="reality-check-summary"
      onCancel={(event) => {
        event.preventDefault();
        onContinue();
      }}
      data-testid="reality-check"
    >
      <h2 id="reality-check-title">Reality check</h2>
      <p id="reality-check-summary">
        You signed in {playedFor(summary.signedInAt, Date.now())} ago. Since then:
      </p>
      <dl className="reality-figures">
        <dt>Total staked</dt>
        <dd data-testid="reality-staked">{formatMoney(summary.staked)}</dd>
        <dt>Net result</dt>
        <dd className={netClass} data-testid="reality-net">
          {formatMoney(summary.net)}
        </dd>
      </dl>
      <div className="reality-actions">
        <button type="button" className="btn btn-primary" onClick={onContinue} autoFocus>
          Continue
        </button>
        <button type="button" className="btn btn-secondary" onClick={onViewStatement}>
          View statement
        </button>
        <button type="button" className="btn btn-ghost" onClick={onSignOut}>
          Log out
        </button>
      </div>
    </dialog>
  );
}
