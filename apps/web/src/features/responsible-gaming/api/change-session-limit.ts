import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionLimitResponseSchema, type SessionLimitResponse } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshLimits } from './refresh-limits.ts';

/** A change to the minutes of play per sign-in, with the same pending rule as the money limits. */
export type SessionLimitChange =
  { action: 'set'; minutes: number | null } | { action: 'confirm' } | { action: 'cancel' };

const SESSION_LIMIT_PATH = '/api/me/session-limit';
const schema = sessionLimitResponseSchema;

/** `PUT /api/me/session-limit {minutes}`; `POST …/confirm`; `DELETE …/pending`. */
export function changeSessionLimit(change: SessionLimitChange): Promise<SessionLimitResponse> {
  if (change.action === 'set')
    return apiRequest(SESSION_LIMIT_PATH, { method: 'PUT', body: { minutes: change.minutes }, schema });
  if (change.action === 'confirm')
    return apiRequest(`${SESSION_LIMIT_PATH}/confirm`, { method: 'POST', schema });
  return apiRequest(`${SESSION_LIMIT_PATH}/pending`, { method: 'DELETE', schema });
}

export function useChangeSessionLimit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeSessionLimit, onSuccess: () => refreshLimits(queryClient) });
}
