import { useQuery } from '@tanstack/react-query';
import { tablesResponseSchema, type TablesResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/tables`: the in-house tables the Our Casino and Our Virtual lobbies show. */
export function getTables(signal?: AbortSignal): Promise<TablesResponse> {
  return apiRequest('/api/tables', { schema: tablesResponseSchema, signal });
}

export function useTables(enabled: boolean) {
  return useQuery({
    queryKey: ['live-tables'],
    queryFn: ({ signal }) => getTables(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
