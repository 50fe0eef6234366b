import { useState } from 'react';
import { marketSchema, type Market } from '@backlay/contracts';
import { useStreamTopic } from '../../../lib/stream-socket.ts';
import { newerMarket } from '../market-view.ts';

/** The latest copy of a market from the stream's `market` topic (the whole market each time). */
export function useStreamedMarket(marketId: string | null): Market | null {
  const [streamed, setStreamed] = useState<Market | null>(null);
  useStreamTopic('market', marketId, (message) => {
    const parsed = marketSchema.safeParse(message.data);
    if (parsed.success) setStreamed(parsed.data);
  });
  return streamed !== null && streamed.id === marketId ? streamed : null;
}

/** A fetched market kept live while `follow` holds: the newer of the fetched and streamed copies. */
export function useLiveMarket(fetched: Market, follow = true): Market {
  return newerMarket(fetched, useStreamedMarket(follow ? fetched.id : null));
}
