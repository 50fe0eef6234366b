import { streamServerMessageSchema, withRoutingKey, type StreamData } from '@backlay/contracts';

/**
 * The client of `/ws/stream` (docs/decisions/0105, 0160, 0246, 0253): one socket per tab shared by
 * every screen that follows a topic (`kind` + `id`): markets, scores, bets, tables and the crash game
 * on the player site, the dashboard, bets and exposures in the console. Several subscribers of one
 * topic share one server subscription; every frame is read through the contract's schema; the socket
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
  /** How long to wait before connecting again after this many failed connections in a row. */
  reconnectDelayMs: (failures: number) => number;
  createSocket?: (url: string) => SocketLike;
  /** With no topic left the socket is closed after this long (a page change re-subscribes at once). */
  idleCloseMs?: number;
  /**
   * Asks for every topic again this often while connected: the server counts a follower for a while
   * after it subscribed (the console's topics), so a closed page stops costing reads soon after.
   */
  renewMs?: number;
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

/** The topic part of a `{sub}` or `{unsub}` message. */
const topicFields = (topic: { kind: string; id?: string }) =>
  topic.id === undefined ? {} : { id: topic.id };

export class StreamSocket {
  readonly token: string;
  status: StreamStatus = 'idle';
  private readonly topics = new Map<string, Topic>();
  private readonly statusListeners = new Set<(status: StreamStatus) => void>();
  private socket: SocketLike | null = null;
  private failures = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private renewTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: StreamSocketOptions) {
    this.token = options.token;
  }

  /** Hears the status now and at every change. Returns the stop. */
  onStatus(listener: (status: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.status);
    return () => void this.statusListeners.delete(listener);
  }

  /** Follows a topic; the listener gets the latest known state at once. Returns the unsubscribe. */
  subscribe(kind: string, id: string | undefined, listener: TopicListener): () => void {
    const key = topicKey(kind, id);
    let topic = this.topics.get(key);
    if (!topic) {
      topic = { kind, id, listeners: new Set(), lastSeq: -1, latest: null };
      this.topics.set(key, topic);
      if (this.status === 'ready') this.sendJson({ sub: kind, ...topicFields(topic) });
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
    this.setStatus('idle');
  }

  private setStatus(status: StreamStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private leave(key: string, topic: Topic, listener: TopicListener): void {
    topic.listeners.delete(listener);
    if (topic.listeners.size > 0 || this.topics.get(key) !== topic) return;
    this.topics.delete(key);
    if (this.status === 'ready') this.sendJson({ unsub: topic.kind, ...topicFields(topic) });
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
    this.setStatus(this.failures > 0 ? 'reconnecting' : 'connecting');
    socket.onopen = () => socket.send(JSON.stringify({ token: this.token }));
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => socket.close();
    socket.onclose = () => this.closed(socket);
  }

  private disconnect(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.renewTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (this.status !== 'refused') this.setStatus('idle');
    socket?.close();
  }

  private closed(socket: SocketLike): void {
    if (this.socket !== socket) return; // closed by us
    this.socket = null;
    clearInterval(this.renewTimer);
    if (this.status === 'refused') return;
    this.failures += 1;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.topics.size > 0) this.connect();
      else this.setStatus('idle');
    }, this.options.reconnectDelayMs(this.failures));
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
    this.setStatus('ready');
    this.failures = 0;
    this.subscribeAll();
    const { renewMs } = this.options;
    if (renewMs !== undefined) this.renewTimer = setInterval(() => this.subscribeAll(true), renewMs);
  }

  /** Subscribes to every topic; a renewal leaves each first, so the server counts it afresh. */
  private subscribeAll(renew = false): void {
    for (const topic of this.topics.values()) {
      if (renew) this.sendJson({ unsub: topic.kind, ...topicFields(topic) });
      this.sendJson({ sub: topic.kind, ...topicFields(topic) });
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
      this.setStatus('refused');
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

/** With the token's routing key in the address: a browser's upgrade request carries no token. */
export function streamSocketUrl(location: Pick<Location, 'protocol' | 'host'>, token?: string): string {
  return withRoutingKey(
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/stream`,
    token,
  );
}
