import { useQuery } from '@tanstack/react-query';
import { catalogueResponseSchema, type CatalogueResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server lets browsers keep the list this long (docs/decisions/0118), so refetching sooner is waste. */
const CATALOGUE_STALE_MS = 5 * 60_000;

/** `GET /api/catalogue`: the JILI, SPRIBE and JDB lists in catalogue order (public, ETag-cached). */
export function getCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiRequest('/api/catalogue', { schema: catalogueResponseSchema, signal });
}

export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => getCatalogue(signal),
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  });
}
