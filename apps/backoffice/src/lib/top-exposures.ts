import { topExposuresSchema, type TopExposures } from '@backlay/contracts';
import { useState } from 'react';
import { useStreamTopic, type StreamState } from './stream-topic.ts';

/**
 * The largest open positions, kept current by the stream topic `admin-exposures` (docs/decisions/0253):
 * every snapshot and update is the whole of them. Null until the first arrives.
 */
export function useTopExposures(): { top: TopExposures | null; state: StreamState } {
  const [top, setTop] = useState<TopExposures | null>(null);
  const state = useStreamTopic('admin-exposures', (message) => {
    const parsed = topExposuresSchema.safeParse(message.data);
    if (parsed.success) setTop(parsed.data);
  });
  return { top, state };
}
