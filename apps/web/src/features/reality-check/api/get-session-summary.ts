import { useQuery } from '@tanstack/react-query';
import { sessionSummarySchema, type SessionSummary } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getSessionSummary(signal?: AbortSignal): Promise<SessionSummary> {
  return apiRequest('/api/me/session', { schema: sessionSummarySchema, signal });
}

/** Re-read once a minute, so an interval changed in another tab moves this tab's next check. */
export const SESSION_SUMMARY_POLL_MS = 60_000;

export function useSessionSummary() {
  return useQuery({
    queryKey: ['session-summary'],
    queryFn: ({ signal }) => getSessionSummary(signal),
    refetchInterval: SESSION_SUMMARY_POLL_MS,
    retry: false,
  });
}
