import { useQuery } from '@tanstack/react-query';
import { sourceBookSchema, type SourceBook } from '@backlay/contracts';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useStreamTopic } from '../../../lib/stream-socket.ts';

/** Without the stream's frames the source book is fetched again this often (only while the tab shows). */
export const SOURCE_POLL_MS = 2_000;

/** `GET /api/markets/:id/source`: the source's book of a mirrored market; null for any other (404). */
export async function getMarketSource(marketId: string, signal?: AbortSignal): Promise<SourceBook | null> {
  try {
    return await apiRequest(`/api/markets/${encodeURIComponent(marketId)}/source`, {
      schema: sourceBookSchema,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The newer of two copies of a book by the source's publish time. */
export const newerBook = (fetched: SourceBook | null, streamed: SourceBook | null): SourceBook | null =>
  streamed && (!fetched || streamed.pt >= fetched.pt) ? streamed : fetched;

/**
 * The source's book of a market, live: fetched once (a simulator market answers 404 and is asked no
 * more), then followed on the stream's `source` topic, polled every 2 s until a frame arrives. Null
 * `marketId`: nothing is asked.
 */
export function useSourceBook(marketId: string | null): SourceBook | null {
  const [streamed, setStreamed] = useState<{ marketId: string; book: SourceBook } | null>(null);
  const ownStreamed = streamed !== null && streamed.marketId === marketId ? streamed.book : null;
  const fetched = useQuery({
    queryKey: ['sports', 'source', marketId],
    queryFn: ({ signal }) => getMarketSource(marketId ?? '', signal),
    enabled: marketId !== null,
    refetchInterval: (query) => (query.state.data === null || ownStreamed ? false : SOURCE_POLL_MS),
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
  const mirrored = fetched.data !== undefined && fetched.data !== null;
  useStreamTopic('source', mirrored ? marketId : null, (message) => {
    const parsed = sourceBookSchema.safeParse(message.data);
    if (parsed.success && marketId !== null) setStreamed({ marketId, book: parsed.data });
  });
  return newerBook(fetched.data ?? null, ownStreamed);
}
