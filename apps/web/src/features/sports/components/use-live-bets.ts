import { useQueryClient } from '@tanstack/react-query';
import { betResponseSchema, betSchema, betsResponseSchema, type Bet } from '@backlay/contracts';
import { useSession } from '../../../lib/session.ts';
import { useStreamTopic } from '../../../lib/stream-socket.ts';
import { OPEN_BETS_QUERY_KEY, useOpenBets } from '../api/get-open-bets.ts';
import { isOpenBet, upsertOpenBet } from '../bets-view.ts';

/** A change on the `bet` topic is `{bet}`; a bare bet is read the same way. */
export function betOfMessage(data: unknown): Bet | null {
  return betResponseSchema.safeParse(data).data?.bet ?? betSchema.safeParse(data).data ?? null;
}

/**
 * The player's open bets, kept current by the stream's `bet` topic (the player's own bets): each
 * change (`{bet}`) is folded into the fetched list; the snapshot (`{bets}`, also after a reconnect)
 * replaces it, and any other snapshot makes the list load again so nothing missed stays stale.
 */
export function useLiveOpenBets() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user?.id ?? null;
  useStreamTopic('bet', userId, (message) => {
    const bet = betOfMessage(message.data);
    if (bet) {
      queryClient.setQueryData<Bet[]>(OPEN_BETS_QUERY_KEY, (list) => upsertOpenBet(list, bet));
      return;
    }
    const list = betsResponseSchema.safeParse(message.data);
    if (list.success) {
      queryClient.setQueryData<Bet[]>(OPEN_BETS_QUERY_KEY, list.data.bets.filter(isOpenBet));
    } else if (message.snapshot) {
      void queryClient.invalidateQueries({ queryKey: OPEN_BETS_QUERY_KEY });
    }
  });
  return useOpenBets();
}
