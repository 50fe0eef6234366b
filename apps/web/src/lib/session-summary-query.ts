import { useQuery } from '@tanstack/react-query';
import { sessionSummarySchema, type SessionSummary } from '@backlay/contracts';
import { apiRequest } from './api-client.ts';

/**
 * `GET /api/me/session`. It lives in `lib` rather than in the reality-check feature because the game
 * pages' session bar reads the same cached answer, and features may not import each other.
 */
export const SESSION_SUMMARY_QUERY_KEY = ['session-summary'] as const;

/** Re-read once a minute, so an interval changed in another tab moves this tab's next check. */
export const SESSION_SUMMARY_POLL_MS = 60_000;

export function getSessionSummary(signal?: AbortSignal): Promise<SessionSummary> {
  return apiRequest('/api/me/session', { schema: sessionSummarySchema, signal });
}

/**
 * The session summary. Only the reality check (mounted for every signed-in tab) passes `poll`: one
 * timer per tab. Every reader treats an answer younger than the poll as fresh, so opening a game
 * page or the bet slip reads the cache instead of asking again.
 */
export function useSessionSummary({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: SESSION_SUMMARY_QUERY_KEY,
    queryFn: ({ signal }) => getSessionSummary(signal),
    staleTime: SESSION_SUMMARY_POLL_MS,
    refetchInterval: poll ? SESSION_SUMMARY_POLL_MS : false,
    retry: false,
  });
}
