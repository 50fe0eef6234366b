import { useState } from 'react';
import { crashStreamSchema, type CrashState, type CrashStream } from '@backlay/contracts';
import { useStreamTopic } from '../../lib/stream-socket.ts';
import { useCrash } from './api/crash.ts';
import { liveMultiplier } from './crash-curve.ts';
import { currentCrash, type LiveCrash } from './crash-state.ts';
import type { Received } from './live-table-state.ts';
import { useFrameNow } from './use-now.ts';

/**
 * The crash game now: `GET /api/crash` once per phase (it holds the player's own bets), the `crash`
 * topic of the stream for phases and cash-outs, and the multiplier drawn every frame from the curve.
 */
export function useCrashGame(): {
  live: LiveCrash | null;
  multiplier: number;
  nowMs: number;
  refetch: () => void;
} {
  const [streamed, setStreamed] = useState<Received<CrashStream> | null>(null);
  useStreamTopic('crash', '', (message) => {
    const parsed = crashStreamSchema.safeParse(message.data);
    if (parsed.success) setStreamed({ message: parsed.data, receivedAtMs: Date.now() });
  });
  const round = streamed?.message.round;
  const query = useCrash(round ? `${round.id}:${round.status}` : 'first');
  const fetched: Received<CrashState> | null = query.data
    ? { message: query.data, receivedAtMs: query.dataUpdatedAt }
    : null;
  const live = fetched ? currentCrash(fetched, streamed) : null;
  const running = live?.round?.status === 'RUNNING';
  const nowMs = useFrameNow(running);
  const multiplier = live?.round
    ? live.round.status === 'BETTING'
      ? 1
      : liveMultiplier(live.round, nowMs, live.offsetMs)
    : 1;
  return { live, multiplier, nowMs, refetch: () => void query.refetch() };
}
