import { useEffect, useRef, useState } from 'react';
import { getStaffSession } from './staff-session.ts';

/**
 * The console's client of `/ws/stream` (docs/decisions/0246, 0253): one socket per tab shared by every
 * topic the open page follows (`admin-dashboard`, `admin-bets`, `admin-exposures`). Each topic is asked
 * for again every RENEW_MS: the server counts a follower for a while after it subscribed, so a closed
 * console stops costing reads soon after, and the fresh snapshot does no harm to a page that merges it.
 */

export type StreamState = 'connecting' | 'live' | 'offline';
export type TopicMessage = { kind: string; seq: number; snapshot: boolean; data: unknown };

/** Well within the server's lease of a follower (90 s). */
export const RENEW_MS = 60_000;
const RECONNECT_MS = 3_000;

type Listener = { onMessage(message: TopicMessage): void; onState(state: StreamState): void };

/** A frame of the socket: `ready`, a topic's snapshot or update, or null (errors, acknowledgements). */
export function readStreamMessage(raw: unknown): 'ready' | TopicMessage | null {
  try {
    const message = JSON.parse(String(raw)) as Record<string, unknown> | null;
    if (message?.['ready'] === true) return 'ready';
    const { kind, seq } = message ?? {};
    if (typeof kind !== 'string' || typeof seq !== 'number' || !('data' in message!)) return null;
    return { kind, seq, snapshot: message!['snapshot'] === true, data: message!['data'] };
  } catch {
    return null;
  }
}

class StaffStream {
  readonly #topics = new Map<string, Set<Listener>>();
  #socket: WebSocket | null = null;
  #state: StreamState = 'connecting';
  #retry: ReturnType<typeof setTimeout> | undefined;
  #renew: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly token: string) {}

  follow(kind: string, listener: Listener): () => void {
    let listeners = this.#topics.get(kind);
    if (!listeners) {
      listeners = new Set();
      this.#topics.set(kind, listeners);
      if (this.#state === 'live') this.#send({ sub: kind });
    }
    listeners.add(listener);
    listener.onState(this.#state);
    this.#open();
    const current = listeners;
    return () => {
      current.delete(listener);
      if (current.size > 0 || this.#topics.get(kind) !== current) return;
      this.#topics.delete(kind);
      if (this.#state === 'live') this.#send({ unsub: kind });
      if (this.#topics.size === 0) this.#close();
    };
  }

  #open(): void {
    if (this.#socket || this.#retry !== undefined) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/stream`);
    this.#socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ token: this.token }));
    socket.onmessage = (event) => this.#receive(readStreamMessage(event.data));
    socket.onclose = () => {
      if (this.#socket !== socket) return; // closed on purpose
      this.#socket = null;
      clearInterval(this.#renew);
      this.#setState('offline');
      this.#retry = setTimeout(() => {
        this.#retry = undefined;
        if (this.#topics.size > 0) this.#open();
      }, RECONNECT_MS);
    };
  }

  #receive(message: 'ready' | TopicMessage | null): void {
    if (message === 'ready') {
      for (const kind of this.#topics.keys()) this.#send({ sub: kind });
      this.#renew = setInterval(() => this.#renewAll(), RENEW_MS);
      return this.#setState('live');
    }
    if (message) for (const listener of this.#topics.get(message.kind) ?? []) listener.onMessage(message);
  }

  #renewAll(): void {
    for (const kind of this.#topics.keys()) {
      this.#send({ unsub: kind });
      this.#send({ sub: kind });
    }
  }

  #close(): void {
    clearTimeout(this.#retry);
    clearInterval(this.#renew);
    this.#retry = undefined;
    const socket = this.#socket;
    this.#socket = null;
    this.#state = 'connecting';
    socket?.close();
  }

  #setState(state: StreamState): void {
    this.#state = state;
    for (const listeners of this.#topics.values()) for (const listener of listeners) listener.onState(state);
  }

  #send(message: object): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }
}

let shared: StaffStream | null = null;
let sharedToken: string | null = null;

/** The tab's socket for the signed-in staff member (a new one after signing in as someone else). */
function streamFor(token: string): StaffStream {
  if (!shared || sharedToken !== token) {
    shared = new StaffStream(token);
    sharedToken = token;
  }
  return shared;
}

/**
 * Follows a topic while `enabled`: `onMessage` hears its snapshots and updates; answers the socket's
 * state ('offline' without a staff session).
 */
export function useStreamTopic(
  kind: string,
  onMessage: (message: TopicMessage) => void,
  enabled = true,
): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!enabled) return;
    const token = getStaffSession()?.token;
    if (!token) return setState('offline');
    return streamFor(token).follow(kind, {
      onMessage: (message) => handler.current(message),
      onState: setState,
    });
  }, [kind, enabled]);
  return state;
}
