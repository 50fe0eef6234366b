/** What a player reads while the operator holds the table (docs/decisions/0244, 0254). */
export const PAUSED_TEXT = 'Paused by the operator — betting resumes when the table reopens.';

/**
 * The table's pause, announced: the status region stays in the page and only its text changes, so
 * screen readers announce a pause (and its end) as it happens.
 */
export function PausedNote({ paused }: { paused: boolean }) {
  return (
    <p role="status" className="table-paused" data-testid="table-paused">
      {paused ? PAUSED_TEXT : ''}
    </p>
  );
}
