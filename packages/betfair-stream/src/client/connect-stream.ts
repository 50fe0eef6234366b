import type { Duplex } from 'node:stream';
import { StreamAttempt, type AttemptEnd } from './attempt.ts';
import { DEFAULT_RECONNECT, reconnectDelayMs } from './backoff.ts';
import { LoginRefused, loginForSession } from './login.ts';
import type { StreamClocks, StreamConnection, JsonMessage, StreamOptions, StreamState } from './options.ts';
import { openTlsSocket } from './socket.ts';

export const DEFAULT_HEARTBEAT_MS = 5000;

/**
 * A live Exchange Stream market subscription (docs/decisions/0268): connects, authenticates (logging
 * in first when there is no session), subscribes, and hands each whole `mcm` to `onMessage`; a lost
 * connection reconnects after a doubling, capped delay and resubscribes from the clocks of the last
 * message handled, so nothing is lost or handed on twice. A refusal no retry can mend ends in 'failed'.
 */
export function connectStream(options: StreamOptions): StreamConnection {
  if (!options.session && !options.login) throw new TypeError('connectStream needs a session or a login.');
  return new StreamRun(options).connection;
}

class StreamRun {
  readonly clocks: StreamClocks;
  readonly #done: Promise<void>;
  #session: string | undefined;
  #attempt: StreamAttempt | undefined;
  #failures = 0;
  #closed = false;
  /** Cuts a login short when the caller closes. */
  readonly #closing = new AbortController();
  #wake: () => void = () => {};

  constructor(private readonly options: StreamOptions) {
    this.clocks = { initialClk: options.initialClk, clk: options.clk };
    this.#session = options.session;
    this.#done = this.#run();
  }

  get connection(): StreamConnection {
    const clocks = this.clocks;
    return {
      close: () => this.#close(),
      get clk() {
        return { ...clocks };
      },
    };
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      const end = await this.#once();
      if (this.#closed || end.kind === 'closed') return;
      if (end.kind === 'fatal') return this.#state('failed', end.detail);
      if (end.kind === 'relogin') this.#session = undefined;
      if (end.kind === 'fresh') this.clocks.initialClk = this.clocks.clk = undefined;
      this.#failures += 1;
      const delayMs = reconnectDelayMs(this.#failures, this.options.reconnect ?? DEFAULT_RECONNECT);
      this.#state('reconnecting', `${end.detail}; reconnecting in ${delayMs} ms`);
      await this.#sleep(delayMs);
    }
  }

  /** One connection, from the login (when needed) to its end. */
  async #once(): Promise<AttemptEnd> {
    this.#state('connecting');
    const session = await this.#sessionToken();
    if (typeof session !== 'string') return session;
    let socket: Duplex;
    try {
      socket = this.#open();
    } catch (error) {
      return { kind: 'retry', detail: `the socket could not be opened: ${messageOf(error)}` };
    }
    if (this.#closed) {
      socket.destroy();
      return { kind: 'closed' };
    }
    const { options } = this;
    this.#attempt = new StreamAttempt(socket, {
      appKey: options.appKey,
      session,
      subscription: subscriptionFields(options),
      heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      canLogin: options.login !== undefined,
      clocks: this.clocks,
      deliver: (message) => options.onMessage(message),
      state: (state) => {
        if (state === 'subscribed') this.#failures = 0;
        this.#state(state);
      },
    });
    const end = await this.#attempt.ended;
    this.#attempt = undefined;
    return end;
  }

  /** The session to authenticate with: the one held, else a new login's. */
  async #sessionToken(): Promise<string | AttemptEnd> {
    if (this.#session) return this.#session;
    const login = this.options.login;
    if (!login) return { kind: 'fatal', detail: 'the session ended and there is no login to renew it' };
    try {
      this.#session = await loginForSession(login, this.options.appKey, this.#closing.signal);
      return this.#session;
    } catch (error) {
      if (error instanceof LoginRefused) return { kind: 'fatal', detail: error.message };
      return { kind: 'retry', detail: `login failed: ${messageOf(error)}` };
    }
  }

  #open(): Duplex {
    const { host, port, tls = {}, connect = openTlsSocket } = this.options;
    return connect({ host, port, tls });
  }

  async #close(): Promise<void> {
    this.#closed = true;
    this.#closing.abort();
    this.#attempt?.stop();
    this.#wake();
    await this.#done;
  }

  /** Waits `delayMs`, or less when the caller closes. */
  async #sleep(delayMs: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = () => {};
  }

  #state(state: StreamState, detail?: string): void {
    if (this.#closed && state !== 'failed') return;
    try {
      this.options.onStatus?.(detail === undefined ? { state } : { state, detail });
    } catch {
      // A listener's fault is its own: the stream goes on.
    }
  }
}

/** The subscription as the options ask it; the clocks are added per connection. */
function subscriptionFields(options: StreamOptions): JsonMessage {
  return {
    marketFilter: options.marketFilter,
    marketDataFilter: options.marketDataFilter,
    conflateMs: options.conflateMs ?? 0,
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    segmentationEnabled: true,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
