import { useQuery } from '@tanstack/react-query';
import { stakeButtonsSchema, type StakeButtons } from '@backlay/contracts';
import { apiRequest } from './api-client.ts';

/**
 * `GET /api/settings/stake-buttons`. It lives in `lib` rather than in the stake-buttons feature because
 * the bet slips read the same query, and features may not import each other.
 */
export const STAKE_BUTTONS_QUERY_KEY = ['stake-buttons'] as const;

/** Presets change only through Set Button Value, which refreshes this query after saving. */
const STAKE_BUTTONS_STALE_MS = 5 * 60_000;

export function getStakeButtons(signal?: AbortSignal): Promise<StakeButtons> {
  return apiRequest('/api/settings/stake-buttons', { schema: stakeButtonsSchema, signal });
}

export function useStakeButtons() {
  return useQuery({
    queryKey: STAKE_BUTTONS_QUERY_KEY,
    queryFn: ({ signal }) => getStakeButtons(signal),
    staleTime: STAKE_BUTTONS_STALE_MS,
  });
}
