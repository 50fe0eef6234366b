import type { QueryClient } from '@tanstack/react-query';
import { LIMITS_QUERY_KEY } from './get-limits.ts';
import { PROTECTION_HISTORY_QUERY_KEY } from './get-protection-history.ts';

/**
 * After a limit changes: the limits as the server now holds them, and the history, which records the
 * change. Awaited by the mutations, so their callers see the new state when they resolve.
 */
export function refreshLimits(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PROTECTION_HISTORY_QUERY_KEY }),
  ]);
}
