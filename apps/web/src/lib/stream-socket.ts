import { sharedStream, useStreamTopic as useTopic } from '@backlay/front-kit/use-stream-topic';
import type { TopicError, TopicMessage } from '@backlay/front-kit/stream';
import { backoffMs } from './balance-socket.ts';
import { useSession } from './session.ts';

/** The player's socket reconnects as the balance socket does: 1 s doubling to 30 s. */
const stream = sharedStream({ reconnectDelayMs: backoffMs });

/** Follows one topic for the signed-in player while the component is mounted (`id` null: nothing). */
export function useStreamTopic(
  kind: string,
  id: string | null,
  onData: (message: TopicMessage) => void,
  onError?: (error: TopicError) => void,
): void {
  useTopic(stream, useSession()?.token ?? null, kind, id, onData, onError);
}
