import { betResponseSchema, type BetResponse, type PlaceBetBody } from '@backlay/contracts';
import { betRequest, type BetCallResult } from '../../../lib/betting/index.ts';

/**
 * `POST /api/bets`: 201 with the bet (matched and unmatched parts), 200 with the same bet when the
 * `clientRef` was already used for this very bet, 4xx `{message, code}` otherwise.
 */
export function placeBet(body: PlaceBetBody): Promise<BetCallResult<BetResponse>> {
  return betRequest('/api/bets', { method: 'POST', body, schema: betResponseSchema });
}
