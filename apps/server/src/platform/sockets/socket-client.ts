import type { Bus } from '../../lib/bus.ts';
import { frameText, writeFramed } from './prepared-frame.ts';
import type { RefusalReason, SocketLimits, TerminationReason } from './limits.ts';
import type { SocketSession } from './session-watch.ts';

/** The part of a `ws` WebSocket the client uses (a fake one in unit tests). */
export type RawSocket = {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string | Buffer, options: { binary: boolean }, callback?: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
};

const OPEN = 1;
/** Distinct keys waiting for a slow reader; a client beyond this is not worth keeping. */
const MAX_PENDING_KEYS = 256;

export type ClientEvents = {
  sent(): void;
  dropped(): void;
  conflated(): void;
  refused(reason: RefusalReason): void;
  terminated(reason: TerminationReason): void;
};

/**
 * An authenticated socket. Modules send to it and subscribe it to bus topics; the socket hub owns its
 * handshake, heartbeat and session. Sending is backpressure-aware: while the client has more than
 * `conflateAboveBytes` unread, a message sent with a key replaces any unsent one of the same key (the
 * latest balance or price is all a late reader needs) and a message without a key is dropped; the
 * waiting ones go out once the buffer drains; beyond `maxBufferedBytes` the socket is terminated.
 */
/**
 * A message already turned into its JSON text, for many sockets: its UTF-8 bytes and its WebSocket
 * frame are made once and shared, where a string would be encoded and framed again by every socket.
 */
export class Serialized {
  #bytes: Buffer | undefined;
  #frame: Buffer | null | undefined;
  constructor(readonly text: string) {}

  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text));
  }

  /** The whole text frame, or null when it cannot be prepared (then each socket frames `bytes`). */
  get frame(): Buffer | null {
    if (this.#frame === undefined) this.#frame = frameText(this.bytes);
    return this.#frame;
  }
}

/** Sent as text frames, whether given as a string or as the UTF-8 bytes of one. */
const TEXT_FRAME = { binary: false };

export class SocketClient {
  readonly #pending = new Map<string, string | Serialized>();
  readonly #subscriptions = new Map<string, () => void>();
  readonly #closeHandlers: (() => void)[] = [];
  #disposed = false;

  constructor(
    private readonly socket: RawSocket,
    readonly session: SocketSession,
    private readonly bus: Bus,
    private readonly limits: SocketLimits,
    private readonly events: ClientEvents,
  ) {}

  get userId(): string {
    return this.session.userId;
  }

  get subscriptionCount(): number {
    return this.#subscriptions.size;
  }

  get isOpen(): boolean {
    return !this.#disposed && this.socket.readyState === OPEN;
  }

  /**
   * Sends a JSON message (or text serialised once for many sockets); `key` names what a newer message
   * of the same key makes obsolete.
   */
  send(message: unknown, key?: string): void {
    if (!this.isOpen) return;
    const buffered = this.socket.bufferedAmount;
    if (buffered > this.limits.maxBufferedBytes) return this.#terminate('slow_reader');
    const data = message instanceof Serialized ? message : JSON.stringify(message);
    if (buffered > this.limits.conflateAboveBytes) return this.#hold(data, key);
    this.#flush();
    this.#write(data);
  }

  /**
   * Follows a bus topic until unsubscribed or closed. Answers false when the socket already follows
   * `maxSubscriptionsPerSocket` topics; subscribing twice to one topic is a no-op.
   */
  subscribe(topic: string, handler: (message: string) => void): boolean {
    if (!this.isOpen) return false;
    if (this.#subscriptions.has(topic)) return true;
    if (this.#subscriptions.size >= this.limits.maxSubscriptionsPerSocket) return false;
    this.#subscriptions.set(topic, this.bus.subscribe(topic, handler));
    return true;
  }

  unsubscribe(topic: string): void {
    this.#subscriptions.get(topic)?.();
    this.#subscriptions.delete(topic);
  }

  onClose(handler: () => void): void {
    if (this.#disposed) handler();
    else this.#closeHandlers.push(handler);
  }

  /** Sends `{error}` and closes: 1008 for a policy refusal, 1013 for "try again later". */
  refuse(error: string, reason: RefusalReason, code = 1008): void {
    if (!this.isOpen) return;
    this.events.refused(reason);
    this.socket.send(JSON.stringify({ error }), TEXT_FRAME);
    this.socket.close(code, 'refused');
  }

  /** Called by the hub once the socket has closed. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const unsubscribe of this.#subscriptions.values()) unsubscribe();
    this.#subscriptions.clear();
    this.#pending.clear();
    for (const handler of this.#closeHandlers.splice(0)) handler();
  }

  #hold(data: string | Serialized, key: string | undefined): void {
    if (key === undefined) return this.events.dropped();
    if (this.#pending.has(key)) {
      this.#pending.delete(key); // Re-inserted below, so waiting messages keep the order of their latest.
      this.events.conflated();
    } else if (this.#pending.size >= MAX_PENDING_KEYS) {
      return this.#terminate('slow_reader');
    }
    this.#pending.set(key, data);
  }

  #write(data: string | Serialized): void {
    this.events.sent();
    const written = () => this.#onWritten();
    if (typeof data === 'string') return this.socket.send(data, TEXT_FRAME, written);
    const frame = data.frame;
    if (frame && writeFramed(this.socket, frame, written)) return;
    this.socket.send(data.bytes, TEXT_FRAME, written);
  }

  /** Each completed write is a chance that the client caught up. */
  #onWritten(): void {
    if (
      this.#pending.size > 0 &&
      this.isOpen &&
      this.socket.bufferedAmount <= this.limits.conflateAboveBytes
    ) {
      this.#flush();
    }
  }

  #flush(): void {
    if (this.#pending.size === 0) return;
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    for (const data of waiting) this.#write(data);
  }

  #terminate(reason: TerminationReason): void {
    this.events.terminated(reason);
    this.socket.terminate();
  }
}
