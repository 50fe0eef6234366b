import { Redis } from 'ioredis';
import { Topics } from './bus-topics.ts';

/**
 * Publish/subscribe by topic between the code that commits a change and the sockets that show it.
 * In-process for one instance; Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when
 * the database is PostgreSQL, so a change committed on one instance (or by the admin CLI) reaches
 * sockets held by another. Messages are strings; delivery is best-effort (a socket
 * re-reads the balance on connect), so the bus is never a source of truth for money.
 */
export interface Bus {
  publish(topic: string, message: string): Promise<void>;
  /** Answers an unsubscribe function. */
  subscribe(topic: string, handler: (message: string) => void): () => void;
  close(): Promise<void>;
  /** The most a batch of items in one message may hold, in bytes, where the bus has a limit. */
  readonly batchBytes?: number;
}

export class InProcessBus implements Bus {
  readonly #topics = new Topics();

  async publish(topic: string, message: string): Promise<void> {
    this.#topics.deliver(topic, message);
  }

  subscribe(topic: string, handler: (message: string) => void): () => void {
    this.#topics.add(topic, handler);
    return () => void this.#topics.remove(topic, handler);
  }

  async close(): Promise<void> {
    this.#topics.handlers.clear();
  }
}

/** One publishing connection and one subscribing connection per instance; channels follow local demand. */
export class RedisBus implements Bus {
  readonly #topics = new Topics();
  readonly #publisher: Redis;
  readonly #subscriber: Redis;

  constructor(
    url: string,
    readonly prefix = 'backlay:',
  ) {
    // Auto-pipelining: the messages published in one turn (a batch's bets and balances) go to Redis in
    // one write, in order, instead of one write each.
    this.#publisher = new Redis(url, {
      maxRetriesPerRequest: 2,
      lazyConnect: false,
      enableAutoPipelining: true,
    });
    this.#subscriber = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    this.#subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(this.prefix)) this.#topics.deliver(channel.slice(this.prefix.length), message);
    });
    // Errors are retried by ioredis; without a listener they would crash the process.
    this.#publisher.on('error', () => {});
    this.#subscriber.on('error', () => {});
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.#publisher.publish(this.prefix + topic, message);
  }

  subscribe(topic: string, handler: (message: string) => void): () => void {
    if (this.#topics.add(topic, handler))
      void this.#subscriber.subscribe(this.prefix + topic).catch(() => {});
    return () => {
      if (this.#topics.remove(topic, handler))
        void this.#subscriber.unsubscribe(this.prefix + topic).catch(() => {});
    };
  }

  /** Resolves once the subscription for a topic is active on Redis (tests wait on it). */
  async ready(): Promise<void> {
    await this.#subscriber.ping();
  }

  async close(): Promise<void> {
    this.#topics.handlers.clear();
    this.#publisher.disconnect();
    this.#subscriber.disconnect();
  }
}
