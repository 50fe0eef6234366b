import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appKeySchema, appKeysResponseSchema, type AppKey, type AppKeysResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const APP_KEYS_QUERY_KEY = ['app-keys'] as const;

/** `GET /api/me/app-keys`: the player's live keys, newest first. */
export function getAppKeys(signal?: AbortSignal): Promise<AppKeysResponse> {
  return apiRequest('/api/me/app-keys', { schema: appKeysResponseSchema, signal });
}

/** `POST /api/me/app-keys {name}`: the new key; 409 TOO_MANY_APP_KEYS at the limit. */
export function createAppKey(name: string): Promise<AppKey> {
  return apiRequest('/api/me/app-keys', { method: 'POST', body: { name }, schema: appKeySchema });
}

/** `DELETE /api/me/app-keys/:appKey`: programs using the key are refused from their next call. */
export function revokeAppKey(appKey: string): Promise<undefined> {
  return apiRequest(`/api/me/app-keys/${encodeURIComponent(appKey)}`, { method: 'DELETE' });
}

export function useAppKeys() {
  return useQuery({ queryKey: APP_KEYS_QUERY_KEY, queryFn: ({ signal }) => getAppKeys(signal) });
}

export function useCreateAppKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_KEYS_QUERY_KEY }),
  });
}

export function useRevokeAppKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAppKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_KEYS_QUERY_KEY }),
  });
}
