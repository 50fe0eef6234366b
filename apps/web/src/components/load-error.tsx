import './load-error.css';

interface LoadErrorProps {
  text: string;
  onRetry: () => void;
  /** The retry is running: the button waits for it. */
  retrying: boolean;
  /** Extra classes of the box, e.g. `panel panel-body` where it stands alone. */
  className: string;
  testId: string;
  retryTestId: string;
}

/** A read that failed, said as an alert, with a Retry button beside the words. */
export function LoadError({ text, onRetry, retrying, className, testId, retryTestId }: LoadErrorProps) {
  return (
    <div className={`load-error ${className}`} role="alert" data-testid={testId}>
      <p className="error-text">{text}</p>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={retrying}
        onClick={onRetry}
        data-testid={retryTestId}
      >
        Retry
      </button>
    </div>
  );
}
