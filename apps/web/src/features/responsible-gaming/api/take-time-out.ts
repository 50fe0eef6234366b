import { useMutation, useQueryClient } from '@tanstack/react-query';
import { breakResponseSchema, type BreakResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROTECTION_HISTORY_QUERY_KEY } from './get-protection-history.ts';

/** `POST /api/me/time-out {days}`: the break's end; a longer break already running keeps its end. */
export function takeTimeOut(days: number): Promise<BreakResponse> {
  return apiRequest('/api/me/time-out', { method: 'POST', body: { days }, schema: breakResponseSchema });
}

export function useTakeTimeOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeTimeOut,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROTECTION_HISTORY_QUERY_KEY }),
  });
}
