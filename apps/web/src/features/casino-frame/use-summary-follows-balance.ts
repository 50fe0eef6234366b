import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBalance } from '../../components/balance/balance-context.ts';
import { SESSION_SUMMARY_QUERY_KEY } from '../../lib/session-summary-query.ts';

/** A round moves the balance twice (stake, then win); one re-read after both covers the round. */
export const SETTLE_MS = 1_000;

/**
 * Re-reads the session summary shortly after the balance moves. The rounds are played in the frame,
 * on another origin, so the portal learns of them only through its balance socket; without this the
 * session bar's net would wait for the minute poll.
 */
export function useSummaryFollowsBalance(): void {
  const { view } = useBalance();
  const money = view.status === 'live' ? view.money : null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (money === null) return;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: SESSION_SUMMARY_QUERY_KEY }),
      SETTLE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [money, queryClient]);
}
