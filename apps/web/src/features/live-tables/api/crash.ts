import { useQuery } from '@tanstack/react-query';
import {
  crashBetResponseSchema,
  crashCashOutResponseSchema,
  crashStateSchema,
  type CrashBet,
  type CrashCashOutResponse,
  type CrashState,
  type PlaceCrashBetBody,
} from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { betRequest, type BetCallResult } from '../../../lib/betting/index.ts';

/** `GET /api/crash`: the round, last crash points, the round's bets and the player's own. */
export function getCrash(signal?: AbortSignal): Promise<CrashState> {
  return apiRequest('/api/crash', { schema: crashStateSchema, signal });
}

/** Refetched once per phase (`phaseKey`): the stream does not carry the player's own bets. */
export function useCrash(phaseKey: string) {
  return useQuery({
    queryKey: ['crash', phaseKey],
    queryFn: ({ signal }) => getCrash(signal),
    placeholderData: (previous) => previous,
  });
}

/** `POST /api/crash/bets`. */
export function placeCrashBet(body: PlaceCrashBetBody): Promise<BetCallResult<{ bet: CrashBet }>> {
  return betRequest('/api/crash/bets', { method: 'POST', body, schema: crashBetResponseSchema });
}

/** `POST /api/crash/cash-out`. */
export function cashOutCrashBet(betId: string): Promise<BetCallResult<CrashCashOutResponse>> {
  return betRequest('/api/crash/cash-out', {
    method: 'POST',
    body: { betId },
    schema: crashCashOutResponseSchema,
  });
}
