import pg from 'pg';
import type { PostgresDatabase } from '../db/postgres.ts';

export type ReconnectPolicy = { initialDelayMs: number; maxDelayMs: number };

export const DEFAULT_RECONNECT: ReconnectPolicy = { initialDelayMs: 100, maxDelayMs: 5_000 };

/**
 * One dedicated session that LISTENs on one channel and keeps doing so: when the server drops it
 * (restart, failover, pg_terminate_backend) it reconnects with capped exponential backoff and LISTENs
 * again. Notifications sent while it was away are lost — PostgreSQL queues them only for live sessions.
 */
export class ChannelListener {
  #client: pg.Client | undefined;
  #started = false;
  #closed = false;
  #failures = 0;
  #timer: NodeJS.Timeout | undefined;
  #ready!: Promise<void>;
  #resolveReady!: () => void;
  #isReady = false;

  constructor(
    private readonly db: PostgresDatabase,
    readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly log: (line: string) => void,
    private readonly policy: ReconnectPolicy = DEFAULT_RECONNECT,
  ) {
    this.#ready = new Promise((resolve) => (this.#resolveReady = resolve));
  }

  /** Connects on first use, so a process that only publishes (the admin CLI) holds no extra session. */
  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    void this.#connect();
  }

  /** Resolves once LISTEN is active on the current session (after a loss: on the next one). */
  ready(): Promise<void> {
    this.start();
    return this.#ready;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#markReady(); // nobody waits forever on a closed listener
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = this.db.newClient('bus');
    this.#client = client;
    // Every failure of this session ends up here once; 'error' and 'end' both arrive on a lost socket.
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    client.on('notification', (note) => {
      if (note.channel === this.channel && note.payload !== undefined) this.onPayload(note.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      this.#lost(client, error);
      return;
    }
    if (this.#client !== client) return; // lost while connecting; a retry is already scheduled
    if (this.#failures > 0) this.log(`bus listener on ${this.channel} is listening again`);
    this.#failures = 0;
    this.#markReady();
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    if (this.#failures === 0) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log(`bus listener on ${this.channel} is down (${reason}); reconnecting`);
      this.#resetReady();
    }
    this.#failures += 1;
    client.end().catch(() => {});
    const delayMs = Math.min(
      this.policy.maxDelayMs,
      this.policy.initialDelayMs * 2 ** Math.min(this.#failures - 1, 16),
    );
    // Jitter, so instances that lost the server together do not all come back in the same instant.
    this.#timer = setTimeout(() => void this.#connect(), delayMs * (0.5 + Math.random() / 2));
  }

  #markReady(): void {
    this.#isReady = true;
    this.#resolveReady();
  }

  /** After a loss, `ready()` waits for the next LISTEN; a wait already pending keeps its promise. */
  #resetReady(): void {
    if (!this.#isReady) return;
    this.#isReady = false;
    this.#ready = new Promise((resolve) => (this.#resolveReady = resolve));
  }
}
