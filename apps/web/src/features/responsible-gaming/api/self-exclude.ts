import { useMutation } from '@tanstack/react-query';
import { breakResponseSchema, type BreakResponse, type SelfExclusionRequest } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/me/self-exclusion {period, password}`: the end of the exclusion; 403 WRONG_PASSWORD.
 * The server revokes the token as it answers, so nothing is fetched again afterwards.
 */
export function selfExclude(body: SelfExclusionRequest): Promise<BreakResponse> {
  return apiRequest('/api/me/self-exclusion', { method: 'POST', body, schema: breakResponseSchema });
}

export function useSelfExclude() {
  return useMutation({ mutationFn: selfExclude });
}
