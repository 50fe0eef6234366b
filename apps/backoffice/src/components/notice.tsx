import { failureText } from '../lib/http.ts';

/** A failed load or change, in the server's words, announced to screen readers. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error-text" role="alert">
      {failureText(error)}
    </p>
  );
}

/** A change that went through, announced politely. */
export function DoneNote({ text }: { text: string | null }) {
  return (
    <p className="done-text" role="status">
      {text}
    </p>
  );
}
