import { useQuery } from '@tanstack/react-query';
import {
  cashOutQuoteSchema,
  cashOutResponseSchema,
  type CashOutQuote,
  type CashOutResponse,
} from '@backlay/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { betRequest, type BetCallResult } from '../../../lib/betting/index.ts';

/** `GET /api/markets/:id/cash-out`: what cashing out would place now and the profit it locks in. */
export function getCashOutQuote(marketId: string, signal?: AbortSignal): Promise<CashOutQuote> {
  return apiRequest(`/api/markets/${encodeURIComponent(marketId)}/cash-out`, {
    schema: cashOutQuoteSchema,
    signal,
  });
}

/** Quoted again whenever the market's version moves (a price or status change), so the value is live. */
export function useCashOutQuote(marketId: string, marketVersion: number, enabled: boolean) {
  return useQuery({
    queryKey: ['sports', 'cash-out', marketId, marketVersion],
    queryFn: ({ signal }) => getCashOutQuote(marketId, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** `POST /api/markets/:id/cash-out`: places the hedging bet and answers the profit on each outcome. */
export function cashOut(marketId: string): Promise<BetCallResult<CashOutResponse>> {
  return betRequest(`/api/markets/${encodeURIComponent(marketId)}/cash-out`, {
    method: 'POST',
    schema: cashOutResponseSchema,
  });
}
