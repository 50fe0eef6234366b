import { useQuery } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest('/api/me', { schema: meResponseSchema, signal });
}

/** Confirms the stored token on load; a 401 signs the player out (handled by the api client). */
export function useMe(token: string | null) {
  return useQuery({
    queryKey: ['me', token],
    queryFn: ({ signal }) => getMe(signal),
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
