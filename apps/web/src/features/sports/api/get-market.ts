import { useQuery } from '@tanstack/react-query';
import { marketSchema, type Market } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/markets/:id` (encoded: older market ids hold a slash): limits, status and ladders. */
export function getMarket(marketId: string, signal?: AbortSignal): Promise<Market> {
  return apiRequest(`/api/markets/${encodeURIComponent(marketId)}`, { schema: marketSchema, signal });
}

export function useMarket(marketId: string | null) {
  return useQuery({
    queryKey: ['sports', 'market', marketId],
    queryFn: ({ signal }) => getMarket(marketId ?? '', signal),
    enabled: marketId !== null,
  });
}
