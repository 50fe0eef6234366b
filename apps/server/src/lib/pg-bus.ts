import { createHash, randomUUID } from 'node:crypto';
import type { PostgresDatabase } from '../db/postgres.ts';
import type { Bus } from './bus.ts';
import { Topics } from './bus-topics.ts';
import { ChannelListener, DEFAULT_RECONNECT, type ReconnectPolicy } from './pg-listener.ts';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_999;

// Identifiers longer than 63 bytes are cut by the server; LISTEN and pg_notify must agree on the name.
const MAX_CHANNEL_BYTES = 63;

/**
 * One channel per schema: instances sharing a database hear each other, databases isolated by schema on
 * one server (a test file each) do not.
 */
export function busChannel(schema: string): string {
  const channel = `backlay_bus_${schema}`;
  if (Buffer.byteLength(channel) <= MAX_CHANNEL_BYTES) return channel;
  return `backlay_bus_${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

type Envelope = { topic: string; message: string; origin: string };

export type PgBusOptions = { log?: (line: string) => void; reconnect?: ReconnectPolicy };

/**
 * The cross-process bus without Redis (docs/decisions/0050): every instance LISTENs on one channel
 * through one dedicated session and filters by topic locally; publishing is `pg_notify` through the
 * pool. Local subscribers hear a message at once, as with the in-process bus, and ignore its echo.
 * Delivery is at-most-once, like Redis pub/sub: a listener that is reconnecting misses messages.
 */
export class PgBus implements Bus {
  /** A batch's JSON may double in the envelope's escaping and must stay under NOTIFY's limit. */
  readonly batchBytes = 3_500;
  readonly channel: string;
  readonly #topics = new Topics();
  readonly #origin = randomUUID();
  readonly #pending = new Set<Promise<unknown>>();
  readonly #outbox: { payload: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  /** How this instance's own envelopes end, to skip their echo without parsing them. */
  readonly #ownEnding: string;
  readonly #listener: ChannelListener;
  readonly #log: (line: string) => void;

  constructor(
    private readonly db: PostgresDatabase,
    options: PgBusOptions = {},
  ) {
    this.channel = busChannel(db.schema);
    this.#ownEnding = `"origin":"${this.#origin}"}`;
    this.#log = options.log ?? ((line) => console.warn(line));
    this.#listener = new ChannelListener(
      db,
      this.channel,
      (payload) => this.#receive(payload),
      this.#log,
      options.reconnect ?? DEFAULT_RECONNECT,
    );
  }

  async publish(topic: string, message: string): Promise<void> {
    const payload = JSON.stringify({ topic, message, origin: this.#origin } satisfies Envelope);
    const bytes = Buffer.byteLength(payload);
    // Refused everywhere rather than heard only here: instances must not disagree about what was said.
    if (bytes > MAX_NOTIFY_PAYLOAD_BYTES) {
      this.#log(
        `bus message on ${topic} refused: ${bytes} bytes is over the ${MAX_NOTIFY_PAYLOAD_BYTES} limit`,
      );
      throw new Error(`A bus message may not exceed ${MAX_NOTIFY_PAYLOAD_BYTES} bytes (${bytes}).`);
    }
    this.#topics.deliver(topic, message);
    return new Promise((resolve, reject) => {
      this.#outbox.push({ payload, resolve, reject });
      if (this.#outbox.length === 1) setImmediate(() => void this.#flush());
    });
  }

  /**
   * Sends every message published in the same turn of the event loop in one statement, one
   * notification each and in order: a batch of balance changes costs one round trip, not one each.
   * Tracked so that close() (the admin CLI exits right after its command) lets them reach the server.
   */
  async #flush(): Promise<void> {
    const batch = this.#outbox.splice(0);
    if (batch.length === 0) return;
    const sent = this.db.query(
      'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS m(p, n) ORDER BY n',
      [this.channel, batch.map((entry) => entry.payload)],
    );
    this.#pending.add(sent);
    try {
      await sent;
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      this.#pending.delete(sent);
    }
  }

  subscribe(topic: string, handler: (message: string) => void): () => void {
    this.#topics.add(topic, handler);
    this.#listener.start();
    return () => void this.#topics.remove(topic, handler);
  }

  /** Resolves once this instance hears the channel (tests wait on it before publishing elsewhere). */
  ready(): Promise<void> {
    return this.#listener.ready();
  }

  async close(): Promise<void> {
    this.#topics.handlers.clear();
    await this.#flush();
    await Promise.allSettled([...this.#pending]);
    await this.#listener.close();
  }

  #receive(payload: string): void {
    // Our own messages come back too; local subscribers heard them when they were published.
    if (payload.endsWith(this.#ownEnding)) return;
    let envelope: Partial<Envelope>;
    try {
      envelope = JSON.parse(payload) as Partial<Envelope>;
    } catch {
      return; // not ours: someone else NOTIFYing on the channel
    }
    const { topic, message, origin } = envelope;
    if (origin === this.#origin || typeof topic !== 'string' || typeof message !== 'string') return;
    this.#topics.deliver(topic, message);
  }
}
