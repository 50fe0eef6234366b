import { useQuery } from '@tanstack/react-query';
import { betsResponseSchema, type Bet } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const CURRENT_BETS_QUERY_KEY = ['current-bets', 'sports'] as const;

/** `GET /api/bets?status=open`: the player's exchange bets on markets not yet settled. */
export async function getOpenBets(signal?: AbortSignal): Promise<Bet[]> {
  const body = await apiRequest('/api/bets?status=open', { schema: betsResponseSchema, signal });
  return body.bets;
}

export function useOpenBets(enabled: boolean) {
  return useQuery({
    queryKey: CURRENT_BETS_QUERY_KEY,
    queryFn: ({ signal }) => getOpenBets(signal),
    enabled,
  });
}
