import { useQuery } from '@tanstack/react-query';
import { limitsSchema, type Limits } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const LIMITS_QUERY_KEY = ['limits'] as const;

/** `GET /api/me/limits`: the limits set or waiting for a change, the session limit and the reality check. */
export function getLimits(signal?: AbortSignal): Promise<Limits> {
  return apiRequest('/api/me/limits', { schema: limitsSchema, signal });
}

export function useLimits() {
  return useQuery({ queryKey: LIMITS_QUERY_KEY, queryFn: ({ signal }) => getLimits(signal) });
}
