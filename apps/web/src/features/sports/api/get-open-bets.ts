import { useQuery } from '@tanstack/react-query';
import { betsResponseSchema, type Bet } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const OPEN_BETS_QUERY_KEY = ['sports', 'bets', 'open'] as const;

/** `GET /api/bets?status=open`: the player's bets on markets not yet settled. */
export async function getOpenBets(signal?: AbortSignal): Promise<Bet[]> {
  const body = await apiRequest('/api/bets?status=open', { schema: betsResponseSchema, signal });
  return body.bets;
}

/** The bet stream keeps this list current (use-live-bets.ts); it is read once per visit. */
export function useOpenBets() {
  return useQuery({ queryKey: OPEN_BETS_QUERY_KEY, queryFn: ({ signal }) => getOpenBets(signal) });
}
