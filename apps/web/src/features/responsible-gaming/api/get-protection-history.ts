import { useQuery } from '@tanstack/react-query';
import { protectionHistorySchema, type ProtectionHistory } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const PROTECTION_HISTORY_QUERY_KEY = ['protection-history'] as const;

/** `GET /api/me/protection-history`: every change to the player's breaks, newest first. */
export function getProtectionHistory(signal?: AbortSignal): Promise<ProtectionHistory> {
  return apiRequest('/api/me/protection-history', { schema: protectionHistorySchema, signal });
}

export function useProtectionHistory() {
  return useQuery({
    queryKey: PROTECTION_HISTORY_QUERY_KEY,
    queryFn: ({ signal }) => getProtectionHistory(signal),
  });
}
