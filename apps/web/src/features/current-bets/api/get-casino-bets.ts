import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { casinoBetsResponseSchema, type CasinoBetsResponse } from '@backlay/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export interface CasinoBetsParams {
  page: number;
  pageSize: number;
  search: string;
}

export function casinoBetsSearch({ page, pageSize, search }: CasinoBetsParams): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim() !== '') params.set('search', search.trim());
  return params.toString();
}

/** `GET /api/casino/bets?page&pageSize&search`: the player's casino bets, newest first, paged by the server. */
export function getCasinoBets(params: CasinoBetsParams, signal?: AbortSignal): Promise<CasinoBetsResponse> {
  return apiRequest(`/api/casino/bets?${casinoBetsSearch(params)}`, {
    schema: casinoBetsResponseSchema,
    signal,
  });
}

export function useCasinoBets(params: CasinoBetsParams, enabled: boolean) {
  return useQuery({
    queryKey: ['current-bets', 'casino', params],
    queryFn: ({ signal }) => getCasinoBets(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}
