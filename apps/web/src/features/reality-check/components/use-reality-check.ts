import { useEffect, useState } from 'react';
import type { SessionSummary } from '@backlay/contracts';
import { useSessionSummary } from '../../../lib/session-summary-query.ts';
import { realityCheckDelayMs } from '../due-time.ts';

export type RealityCheckState = {
  /** The summary to show, read afresh when the check fell due; null while the dialog is closed. */
  shown: SessionSummary | null;
  /** Closes the dialog until the next due time. */
  answer: () => void;
};

/** Opens the reality check when the server's due time passes on this tab's clock. */
export function useRealityCheck(): RealityCheckState {
  const summary = useSessionSummary({ poll: true });
  const [answeredDueAt, setAnsweredDueAt] = useState<string | null>(null);
  const [shown, setShown] = useState<SessionSummary | null>(null);
  const dueAt = summary.data?.realityCheckDueAt ?? null;
  const { refetch } = summary;

  useEffect(() => {
    if (shown) return;
    const delayMs = realityCheckDelayMs(dueAt, answeredDueAt, Date.now());
    if (delayMs === null) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      // Read again so the dialog states what was staked up to now, not at the last poll.
      void refetch().then(({ data }) => {
        if (!cancelled && data) setShown({ ...data, realityCheckDueAt: dueAt });
      });
    }, delayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [dueAt, answeredDueAt, shown, refetch]);

  const answer = () => {
    setAnsweredDueAt(shown?.realityCheckDueAt ?? dueAt);
    setShown(null);
    void refetch();
  };
  return { shown, answer };
}
