import { useMutation, useQueryClient } from '@tanstack/react-query';
import { limitResponseSchema, type Limit, type LimitKind, type LimitPeriod } from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshLimits } from './refresh-limits.ts';

/**
 * One change to a deposit or loss limit. `set` with a lower or first amount applies at once; a higher
 * amount or null (removal) waits as pending. `confirm` answers 409 NOT_YET_CONFIRMABLE until its time.
 */
export type LimitChange = { kind: LimitKind; period: LimitPeriod } & (
  { action: 'set'; amount: string | null } | { action: 'confirm' } | { action: 'cancel' }
);

const limitPath = (kind: LimitKind, period: LimitPeriod): string => `/api/me/limits/${kind}/${period}`;

/** `PUT /api/me/limits/:kind/:period {amount}`: the limit, with its pending change if it waits. */
export function setLimit(kind: LimitKind, period: LimitPeriod, amount: string | null) {
  return apiRequest(limitPath(kind, period), {
    method: 'PUT',
    body: { amount },
    schema: limitResponseSchema,
  });
}

/** `POST /api/me/limits/:kind/:period/confirm`: applies the pending change. */
export function confirmLimitChange(kind: LimitKind, period: LimitPeriod) {
  return apiRequest(`${limitPath(kind, period)}/confirm`, { method: 'POST', schema: limitResponseSchema });
}

/** `DELETE /api/me/limits/:kind/:period/pending`: drops the pending change; the old amount stays. */
export function cancelLimitChange(kind: LimitKind, period: LimitPeriod) {
  return apiRequest(`${limitPath(kind, period)}/pending`, { method: 'DELETE', schema: limitResponseSchema });
}

export async function changeLimit(change: LimitChange): Promise<Limit> {
  const { kind, period } = change;
  if (change.action === 'set') return (await setLimit(kind, period, change.amount)).limit;
  if (change.action === 'confirm') return (await confirmLimitChange(kind, period)).limit;
  return (await cancelLimitChange(kind, period)).limit;
}

export function useChangeLimit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeLimit, onSuccess: () => refreshLimits(queryClient) });
}
