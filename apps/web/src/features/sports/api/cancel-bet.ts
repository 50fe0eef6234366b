import { betResponseSchema, type BetResponse } from '@backlay/contracts';
import { betRequest, type BetCallResult } from '../../../lib/betting/index.ts';

/** `DELETE /api/bets/:id`: cancels the unmatched part; the answer is the bet as it is now. */
export function cancelBet(betId: string): Promise<BetCallResult<BetResponse>> {
  return betRequest(`/api/bets/${encodeURIComponent(betId)}`, {
    method: 'DELETE',
    schema: betResponseSchema,
  });
}
