import type { StreamStatus, TopicMessage } from '@backlay/front-kit/stream';
import {
  sharedStream,
  useStreamStatus,
  useStreamTopic as useTopic,
} from '@backlay/front-kit/use-stream-topic';
import { useStaffSession } from './staff-session.ts';

/**
 * The console's topics of `/ws/stream` (docs/decisions/0246, 0253): `admin-dashboard`, `admin-bets`,
 * `admin-exposures`, on the tab's one socket. Each topic is asked for again every RENEW_MS: the server
 * counts a follower for a while after it subscribed, so a closed console stops costing reads soon
 * after, and the fresh snapshot does no harm to a page that merges it.
 */

export type StreamState = 'connecting' | 'live' | 'offline';
export type { TopicMessage };

/** Well within the server's lease of a follower (90 s). */
export const RENEW_MS = 60_000;
const RECONNECT_MS = 3_000;

const stream = sharedStream({ reconnectDelayMs: () => RECONNECT_MS, renewMs: RENEW_MS, idleCloseMs: 0 });

const STATE: Record<StreamStatus, StreamState> = {
  idle: 'connecting',
  connecting: 'connecting',
  ready: 'live',
  reconnecting: 'offline',
  refused: 'offline',
};

/**
 * Follows a topic while `enabled`: `onMessage` hears its snapshots and updates; answers the socket's
 * state ('offline' without a staff session).
 */
export function useStreamTopic(
  kind: string,
  onMessage: (message: TopicMessage) => void,
  enabled = true,
): StreamState {
  const token = useStaffSession()?.token ?? null;
  useTopic(stream, enabled ? token : null, kind, '', onMessage);
  const status = useStreamStatus(stream, enabled ? token : null);
  return token ? STATE[status] : 'offline';
}
