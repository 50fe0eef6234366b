import { useEffect, useState } from 'react';
import { STATEMENT_SEARCH_MAX_LENGTH } from '../statement-query.ts';

/** Typing pauses this long before the search is sent, so a word costs one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface StatementSearchProps {
  /** Called with the text once typing pauses, or at once on Enter; repeats of the same text are the caller's to ignore. */
  onSearch: (text: string) => void;
}

/** Remark search: applies 300 ms after the last key, or immediately on Enter. */
export function StatementSearch({ onSearch }: StatementSearchProps) {
  const [text, setText] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <input
      className="input report-search"
      type="search"
      placeholder="Search remarks"
      aria-label="Search remarks"
      maxLength={STATEMENT_SEARCH_MAX_LENGTH}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text);
      }}
      data-testid="report-search"
    />
  );
}
