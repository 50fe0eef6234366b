import { useQuery } from '@tanstack/react-query';
import { catalogueResponseSchema, type CatalogueResponse } from '@backlay/contracts';
import { apiRequest } from './api-client.ts';

/** The server lets browsers keep the list this long (docs/decisions/0118), so refetching sooner is waste. */
const CATALOGUE_STALE_MS = 5 * 60_000;

/** `GET /api/catalogue`: the JILI, SPRIBE and JDB lists in catalogue order (public, ETag-cached). */
export function getCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiRequest('/api/catalogue', { schema: catalogueResponseSchema, signal });
}

/** One cache entry for home and every catalogue lobby, so moving between them asks the server once. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => getCatalogue(signal),
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  });
}

export type CatalogueState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; data: CatalogueResponse };

/** The query reduced to what a page shows: loading, a retryable failure, or the lists. */
export function useCatalogueState(): CatalogueState {
  const catalogue = useCatalogue();
  if (catalogue.isSuccess) return { status: 'success', data: catalogue.data };
  if (catalogue.isError) return { status: 'error', retry: () => void catalogue.refetch() };
  return { status: 'pending' };
}
