import { useMutation, useQueryClient } from '@tanstack/react-query';
import { realityCheckSchema, type RealityCheck } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_SUMMARY_QUERY_KEY } from '../../../lib/session-summary-query.ts';
import { refreshLimits } from './refresh-limits.ts';

/** `PUT /api/me/reality-check {minutes}`: 0 turns the reality check off. */
export function setRealityCheck(minutes: RealityCheck['minutes']): Promise<RealityCheck> {
  return apiRequest('/api/me/reality-check', {
    method: 'PUT',
    body: { minutes },
    schema: realityCheckSchema,
  });
}

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    // The session summary carries the next check's time: re-read it so this tab's timer moves at once.
    onSuccess: () =>
      Promise.all([
        refreshLimits(queryClient),
        queryClient.invalidateQueries({ queryKey: SESSION_SUMMARY_QUERY_KEY }),
      ]),
  });
}
