import { useEffect, useRef } from 'react';
import { streamServerMessageSchema, type StreamData } from '@backlay/contracts';
import { backoffMs } from './balance-socket.ts';
import { useSession } from './session.ts';

/**
 * The client of `/ws/stream` (docs/decisions/0105, 0160): one socket per tab shared by every screen
 * that follows markets, scores, bets, tables or the crash game. Screens subscribe to a topic
 * (`kind` + `id`); several subscribers of one topic share one server subscription, and the socket
 * subscribes again after a reconnect, which brings a fresh snapshot.
 */

export type TopicMessage = { seq: number; snapshot: boolean; data: unknown };
export type TopicError = { code: string | null; message: string };
export interface TopicListener {
  onData: (message: TopicMessage) => void;
  onError?: (error: TopicError) => void;
}
export type StreamStatus = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'refused';

/** The part of `WebSocket` the client uses, so tests can drive it without a server. */
export interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(): void;
}

export interface StreamSocketOptions {
  url: string;
  token: string;
  createSocket?: (url: string) => SocketLike;
  /** With no topic left the socket is closed after this long (a page change re-subscribes at once). */
  idleCloseMs?: number;
}

type Topic = {
  kind: string;
  id?: string;
  listeners: Set<TopicListener>;
  lastSeq: number;
  latest: TopicMessage | null;
};

const DEFAULT_IDLE_CLOSE_MS = 15_000;
const topicKey = (kind: string, id?: string) => `${kind}|${id ?? ''}`;

/**
 * What a message carries beside its envelope: `data`, the market of a `{type: "market", market}`, or
 * the kind's own fields (`{bet}`, `{bets}`, a score).
 */
function payloadOf(message: StreamData): unknown {
  if (message.data !== undefined) return message.data;
  if (message.kind === 'market') return message['market'];
  const { type: _type, kind: _kind, id: _id, seq: _seq, snapshot: _snapshot, ...payload } = message;
  return payload;
}

export class StreamSocket {
  readonly token: string;
  status: StreamStatus = 'idle';
  private readonly topics = new Map<string, Topic>();
  private socket: SocketLike | null = null;
  private failures = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: StreamSocketOptions) {
    this.token = options.token;
  }

  /** Follows a topic; the listener gets the latest known state at once. Returns the unsubscribe. */
  subscribe(kind: string, id: string | undefined, listener: TopicListener): () => void {
    const key = topicKey(kind, id);
    let topic = this.topics.get(key);
    if (!topic) {
      topic = { kind, id, listeners: new Set(), lastSeq: -1, latest: null };
      this.topics.set(key, topic);
      if (this.status === 'ready') this.sendJson({ sub: kind, ...(id === undefined ? {} : { id }) });
    }
    topic.listeners.add(listener);
    if (topic.latest) listener.onData(topic.latest);
    this.wake();
    const current = topic;
    return () => this.leave(key, current, listener);
  }

  /** Stops for good: no reconnect, every topic forgotten. */
  close(): void {
    this.topics.clear();
    this.disconnect();
    this.status = 'idle';
  }

  private leave(key: string, topic: Topic, listener: TopicListener): void {
    topic.listeners.delete(listener);
    if (topic.listeners.size > 0 || this.topics.get(key) !== topic) return;
    this.topics.delete(key);
    if (this.status === 'ready') {
      this.sendJson({ unsub: topic.kind, ...(topic.id === undefined ? {} : { id: topic.id }) });
    }
    if (this.topics.size === 0) {
      clearTimeout(this.idleTimer);
      const idleMs = this.options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
      this.idleTimer = setTimeout(() => this.disconnect(), idleMs);
    }
  }

  /** Connects when a topic needs the socket; a refused socket stays refused (its token was refused). */
  private wake(): void {
    if (this.status === 'refused') return;
    clearTimeout(this.idleTimer);
    if (!this.socket && this.reconnectTimer === undefined) this.connect();
  }

  private connect(): void {
    const create =
      this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.options.url);
    this.socket = socket;
    this.status = this.failures > 0 ? 'reconnecting' : 'connecting';
    socket.onopen = () => socket.send(JSON.stringify({ token: this.token }));
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => socket.close();
    socket.onclose = () => this.closed(socket);
  }

  private disconnect(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (this.status !== 'refused') this.status = 'idle';
    socket?.close();
  }

  private closed(socket: SocketLike): void {
    if (this.socket !== socket) return; // closed by us
    this.socket = null;
    if (this.status === 'refused') return;
    this.failures += 1;
    this.status = 'reconnecting';
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.topics.size > 0) this.connect();
      else this.status = 'idle';
    }, backoffMs(this.failures));
  }

  private receive(raw: unknown): void {
    let parsed: unknown;
    try {
      parsed = typeof raw === 'string' ? JSON.parse(raw) : undefined;
    } catch {
      return;
    }
    const message = streamServerMessageSchema.safeParse(parsed).data;
    if (!message) return;
    if ('ready' in message) return this.ready();
    if ('seq' in message) return this.deliver(message.kind, message.id, message);
    if ('error' in message) return this.refused(message);
  }

  private ready(): void {
    this.status = 'ready';
    this.failures = 0;
    for (const topic of this.topics.values()) {
      this.sendJson({ sub: topic.kind, ...(topic.id === undefined ? {} : { id: topic.id }) });
    }
  }

  private deliver(kind: string, id: string | undefined, message: StreamData) {
    const topic = this.topics.get(topicKey(kind, id));
    if (!topic) return;
    const snapshot = message.snapshot === true;
    // A snapshot is the server's state now; a change older than what is shown is never applied.
    if (!snapshot && message.seq <= topic.lastSeq) return;
    topic.lastSeq = message.seq;
    topic.latest = { seq: message.seq, snapshot, data: payloadOf(message) };
    for (const listener of [...topic.listeners]) listener.onData(topic.latest);
  }

  private refused(message: { error: string; code?: string; kind?: string; id?: string }): void {
    if (message.kind === undefined) {
      // The socket itself was refused (token, limits): retrying would repeat the refusal.
      this.status = 'refused';
      for (const topic of this.topics.values()) this.notifyError(topic, null, message.error);
      return;
    }
    if (message.code === 'ALREADY_SUBSCRIBED') return;
    const topic = this.topics.get(topicKey(message.kind, message.id));
    if (topic) this.notifyError(topic, message.code ?? null, message.error);
  }

  private notifyError(topic: Topic, code: string | null, text: string): void {
    for (const listener of [...topic.listeners]) listener.onError?.({ code, message: text });
  }

  private sendJson(body: object): void {
    this.socket?.send(JSON.stringify(body));
  }
}

export function streamSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/stream`;
}

let shared: StreamSocket | null = null;

/** The tab's one stream socket for this token; a new token (another sign-in) gets a new socket. */
export function sharedStreamSocket(token: string): StreamSocket {
  if (shared?.token === token) return shared;
  shared?.close();
  shared = new StreamSocket({ url: streamSocketUrl(window.location), token });
  return shared;
}

/**
 * Follows one topic while the component is mounted (`id` null: nothing). The latest callbacks are
 * used without subscribing again when they change.
 */
export function useStreamTopic(
  kind: string,
  id: string | null,
  onData: (message: TopicMessage) => void,
  onError?: (error: TopicError) => void,
): void {
  const token = useSession()?.token ?? null;
  const handlers = useRef({ onData, onError });
  useEffect(() => {
    handlers.current = { onData, onError };
  });
  useEffect(() => {
    if (!token || id === null) return;
    return sharedStreamSocket(token).subscribe(kind, id || undefined, {
      onData: (message) => handlers.current.onData(message),
      onError: (error) => handlers.current.onError?.(error),
    });
  }, [token, kind, id]);
}
