import type { Duplex } from 'node:stream';
import { actionOfFailure } from './failures.ts';
import { LineSplitter } from './line-splitter.ts';
import type { StreamClocks, JsonMessage, StreamState } from './options.ts';
import { SegmentJoiner, SegmentOrderError } from './segments.ts';

/** How one connection ended: the caller's close, a reason to reconnect, or one not to. */
export type AttemptEnd =
  | { kind: 'closed' }
  | { kind: 'retry'; detail: string }
  | { kind: 'relogin'; detail: string }
  | { kind: 'fresh'; detail: string }
  | { kind: 'fatal'; detail: string };

export type AttemptSettings = {
  appKey: string;
  session: string;
  /** The marketSubscription's fields besides op, id and the clocks. */
  subscription: JsonMessage;
  heartbeatMs: number;
  canLogin: boolean;
  clocks: StreamClocks;
  deliver(message: JsonMessage): void | Promise<void>;
  state(state: StreamState, detail?: string): void;
};

const AUTHENTICATION_ID = 1;
const SUBSCRIPTION_ID = 2;
/** Silence for this many heartbeats ends the connection. */
const MISSED_HEARTBEATS = 3;

type Phase = 'opening' | 'authenticating' | 'subscribing' | 'subscribed';

/**
 * One connection (docs/decisions/0268): `connection`, authentication, the market subscription with
 * the clocks held, then each `mcm` handed on in order, one at a time, reading paused meanwhile; the
 * clocks move after the message is handled. `ended` says how it ended.
 */
export class StreamAttempt {
  readonly ended: Promise<AttemptEnd>;
  #resolve!: (end: AttemptEnd) => void;
  #end: AttemptEnd | undefined;
  #phase: Phase = 'opening';
  readonly #lines = new LineSplitter();
  readonly #segments = new SegmentJoiner();
  readonly #queue: string[] = [];
  #busy = false;
  #silenceMs: number;
  #watchdog: NodeJS.Timeout;

  constructor(
    private readonly socket: Duplex,
    private readonly settings: AttemptSettings,
  ) {
    this.ended = new Promise((resolve) => (this.#resolve = resolve));
    this.#silenceMs = MISSED_HEARTBEATS * settings.heartbeatMs;
    this.#watchdog = setTimeout(() => this.#silent(), this.#silenceMs);
    socket.on('data', (chunk: Buffer | string) => this.#read(chunk));
    socket.on('error', (error: Error) => this.#finish({ kind: 'retry', detail: error.message }));
    socket.on('end', () => this.#finish({ kind: 'retry', detail: 'the stream ended the connection' }));
    socket.on('close', () => this.#finish({ kind: 'retry', detail: 'the connection closed' }));
  }

  /** Ends the connection for good (the caller's close). */
  stop(): void {
    this.#finish({ kind: 'closed' });
  }

  #read(chunk: Buffer | string): void {
    if (this.#end) return;
    this.#watchdog.refresh();
    const lines = this.#lines.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (lines === 'TOO_LONG')
      return this.#finish({ kind: 'retry', detail: `a line passed ${this.#lines.maxLineBytes} bytes` });
    this.#queue.push(...lines);
    if (!this.#busy && this.#queue.length > 0) void this.#drain();
  }

  /** Handles the queued lines in order; the socket waits meanwhile, so input held stays one chunk. */
  async #drain(): Promise<void> {
    this.#busy = true;
    this.socket.pause();
    try {
      for (let line = this.#queue.shift(); line !== undefined && !this.#end; line = this.#queue.shift())
        await this.#handle(line);
    } catch (error) {
      this.#finish({ kind: 'retry', detail: error instanceof Error ? error.message : String(error) });
    }
    this.#busy = false;
    if (this.#end) this.#resolve(this.#end);
    else this.socket.resume();
  }

  async #handle(line: string): Promise<void> {
    const message = parseLine(line);
    if (!message) return this.#finish({ kind: 'retry', detail: 'a line that is not a JSON object' });
    if (message.op === 'connection' && this.#phase === 'opening') return this.#authenticate();
    if (message.op === 'status') return this.#status(message);
    if (message.op === 'mcm' && (this.#phase === 'subscribing' || this.#phase === 'subscribed'))
      return this.#change(message, Buffer.byteLength(line));
  }

  #authenticate(): void {
    this.#phase = 'authenticating';
    const { appKey, session } = this.settings;
    this.#send({ op: 'authentication', id: AUTHENTICATION_ID, appKey, session });
  }

  #status(message: JsonMessage): void {
    if (message.statusCode !== 'SUCCESS') {
      const code = typeof message.errorCode === 'string' ? message.errorCode : 'UNKNOWN';
      const detail = typeof message.errorMessage === 'string' ? `${code}: ${message.errorMessage}` : code;
      return this.#finish({ kind: actionOfFailure(code, this.settings.canLogin), detail });
    }
    if (message.connectionClosed === true)
      return this.#finish({ kind: 'retry', detail: 'the stream closed the connection' });
    if (this.#phase === 'authenticating' && message.id === AUTHENTICATION_ID) {
      this.#phase = 'subscribing';
      this.settings.state('connected');
      const { initialClk, clk } = this.settings.clocks;
      this.#send({
        op: 'marketSubscription',
        id: SUBSCRIPTION_ID,
        ...this.settings.subscription,
        ...(initialClk === undefined ? {} : { initialClk }),
        ...(clk === undefined ? {} : { clk }),
      });
    } else if (this.#phase === 'subscribing' && message.id === SUBSCRIPTION_ID) {
      this.#phase = 'subscribed';
      this.settings.state('subscribed');
    }
  }

  async #change(message: JsonMessage, lineBytes: number): Promise<void> {
    // The stream bounds heartbeatMs and says what it chose: silence is measured by that.
    const heartbeatMs = message.heartbeatMs;
    if (
      typeof heartbeatMs === 'number' &&
      heartbeatMs > 0 &&
      heartbeatMs * MISSED_HEARTBEATS !== this.#silenceMs
    ) {
      this.#silenceMs = MISSED_HEARTBEATS * heartbeatMs;
      clearTimeout(this.#watchdog);
      this.#watchdog = setTimeout(() => this.#silent(), this.#silenceMs);
    }
    if (message.ct === 'HEARTBEAT') return this.#noteClocks(message);
    let whole: JsonMessage | undefined;
    try {
      whole = this.#segments.push(message, lineBytes);
    } catch (error) {
      if (error instanceof SegmentOrderError) return this.#finish({ kind: 'retry', detail: error.message });
      throw error;
    }
    if (!whole) return;
    try {
      await this.settings.deliver(whole);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return this.#finish({ kind: 'retry', detail: `onMessage failed: ${reason}` });
    }
    this.#noteClocks(whole);
  }

  #noteClocks(message: JsonMessage): void {
    if (typeof message.initialClk === 'string') this.settings.clocks.initialClk = message.initialClk;
    if (typeof message.clk === 'string') this.settings.clocks.clk = message.clk;
  }

  /** No byte for 3 heartbeats; while the caller still handles a message the silence is ours, not theirs. */
  #silent(): void {
    if (this.#end) return;
    if (this.#busy) return void this.#watchdog.refresh();
    this.#finish({ kind: 'retry', detail: `nothing arrived for ${this.#silenceMs} ms` });
  }

  #send(message: JsonMessage): void {
    this.socket.write(`${JSON.stringify(message)}\r\n`);
  }

  /** The first end wins; `ended` settles once the message being handled (if any) is done. */
  #finish(end: AttemptEnd): void {
    if (this.#end) return;
    this.#end = end;
    clearTimeout(this.#watchdog);
    this.#queue.length = 0;
    this.socket.destroy();
    if (!this.#busy) this.#resolve(end);
  }
}

function parseLine(line: string): JsonMessage | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonMessage) : undefined;
  } catch {
    return undefined;
  }
}
