import { useEffect, useRef, useState } from 'react';
import {
  StreamSocket,
  streamSocketUrl,
  type StreamSocketOptions,
  type StreamStatus,
  type TopicError,
  type TopicMessage,
} from './stream-socket.ts';

/** The tab's one socket for a signed-in token. */
export type SharedStream = (token: string) => StreamSocket;

/** One socket per tab for the signed-in token; another token (another sign-in) gets a new socket. */
export function sharedStream(options: Omit<StreamSocketOptions, 'url' | 'token'>): SharedStream {
  let shared: StreamSocket | null = null;
  return (token) => {
    if (shared?.token === token) return shared;
    shared?.close();
    shared = new StreamSocket({ ...options, url: streamSocketUrl(window.location, token), token });
    return shared;
  };
}

/**
 * Follows one topic of the tab's socket while the component is mounted (no token or `id` null:
 * nothing; `id` '' for a topic without one). The latest callbacks are used without subscribing again
 * when they change.
 */
export function useStreamTopic(
  stream: SharedStream,
  token: string | null,
  kind: string,
  id: string | null,
  onData: (message: TopicMessage) => void,
  onError?: (error: TopicError) => void,
): void {
  const handlers = useRef({ onData, onError });
  useEffect(() => {
    handlers.current = { onData, onError };
  });
  useEffect(() => {
    if (!token || id === null) return;
    return stream(token).subscribe(kind, id || undefined, {
      onData: (message) => handlers.current.onData(message),
      onError: (error) => handlers.current.onError?.(error),
    });
  }, [stream, token, kind, id]);
}

/** The status of the tab's socket for the token ('idle' without one). */
export function useStreamStatus(stream: SharedStream, token: string | null): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('idle');
  useEffect(() => {
    if (!token) return setStatus('idle');
    return stream(token).onStatus(setStatus);
  }, [stream, token]);
  return status;
}
