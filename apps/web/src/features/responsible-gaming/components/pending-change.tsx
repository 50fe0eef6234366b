import { useTimeReached } from './use-time-reached.ts';

export interface Pending {
  text: string;
  confirmableAt: string;
}

interface PendingChangeProps {
  pending: Pending;
  /** The limit's name in lower case, read after the buttons' visible words. */
  name: string;
  busy: 'confirm' | 'cancel' | null;
  /** Another action of the same limit is on its way: nothing else may be sent meanwhile. */
  locked: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

/**
 * A change that waits: what it is and from when it may be confirmed. Confirm stays off until then;
 * the server checks the time again and refuses an early confirmation with its own words.
 */
export function PendingChange({
  pending,
  name,
  busy,
  locked,
  onConfirm,
  onCancel,
  testId,
}: PendingChangeProps) {
  const confirmable = useTimeReached(pending.confirmableAt);
  return (
    <div className="rg-pending" data-testid={`${testId}-pending`}>
      <p data-testid={`${testId}-pending-text`}>{pending.text}</p>
      <div className="rg-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!confirmable || locked}
          onClick={onConfirm}
          data-testid={`${testId}-confirm`}
        >
          {busy === 'confirm' ? 'Confirming…' : 'Confirm'}
          <span className="visually-hidden"> change to {name}</span>
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={locked}
          onClick={onCancel}
          data-testid={`${testId}-cancel`}
        >
          {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
          <span className="visually-hidden"> change to {name}</span>
        </button>
      </div>
    </div>
  );
}
