import type { StreamErrorCode } from '@backlay/contracts';
import type { SocketClient } from '../sockets/index.ts';
import { Serialized } from '../sockets/index.ts';
import { readUpdate, topicOf, wireOf, type StreamRegistry, type StreamUpdate } from './registry.ts';

/**
 * Every socket following a topic hears the same bus message: it is parsed once and its wire text built
 * once, not once per socket (2,000 followers of a hot market would otherwise parse and serialise it
 * 2,000 times).
 */
let lastMessage: string | null = null;
let lastUpdate: StreamUpdate | null = null;
const wireText = new WeakMap<StreamUpdate, Serialized>();

function readShared(message: string): StreamUpdate | null {
  if (message !== lastMessage) {
    lastMessage = message;
    lastUpdate = readUpdate(message);
  }
  return lastUpdate;
}

/** Put a limit on everything: per socket, on top of the hub's limits (docs/decisions/0055). */
export type StreamLimits = {
  /** Topics one socket follows at a time (never above the hub's `maxSubscriptionsPerSocket`). */
  maxSubscriptions: number;
  /** Subscriptions waiting for their snapshot at once: each costs a read. */
  maxPendingSnapshots: number;
  /** Updates held per topic while its snapshot is read (latest per key). */
  maxHeldUpdates: number;
};

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxSubscriptions: 50,
  maxPendingSnapshots: 8,
  maxHeldUpdates: 256,
};

export const STREAM_ERRORS: Readonly<Record<StreamErrorCode, string>> = {
  UNKNOWN_KIND: 'There is no such topic kind.',
  BAD_ID: 'That id is not valid for this topic kind.',
  TOO_MANY_SUBSCRIPTIONS: 'Too many subscriptions on this connection.',
  ALREADY_SUBSCRIBED: 'This connection already follows that topic.',
  FORBIDDEN: 'You may not follow that topic.',
  NOT_FOUND: 'There is no such topic.',
  UNAVAILABLE: 'That topic cannot be read right now; please retry shortly.',
};

type Subscription = {
  kind: string;
  id: string | undefined;
  topic: string;
  /** The last seq sent; -1 until the snapshot went out. */
  lastSeq: number;
  /** Updates heard before the snapshot was sent, latest per key. */
  held: Map<string, StreamUpdate>;
  cancelled: boolean;
};

export type StreamLog = {
  debug(object: object, message: string): void;
  error(object: object, message: string): void;
};

const keyOf = (kind: string, id: string | undefined) => (id === undefined ? kind : `${kind}:${id}`);
const withId = (id: string | undefined) => (id === undefined ? {} : { id });

/** One socket's topics: subscribe sends the snapshot, then every later change with a higher seq. */
export class StreamSubscriptions {
  readonly #subscriptions = new Map<string, Subscription>();
  #pendingSnapshots = 0;

  constructor(
    private readonly client: SocketClient,
    private readonly registry: StreamRegistry,
    private readonly limits: StreamLimits,
    private readonly log: StreamLog,
  ) {
    client.onClose(() => {
      for (const subscription of this.#subscriptions.values()) subscription.cancelled = true;
      this.#subscriptions.clear();
    });
  }

  get size(): number {
    return this.#subscriptions.size;
  }

  async subscribe(kind: string, rawId: string | undefined): Promise<void> {
    const provider = this.registry.get(kind);
    if (!provider || provider.hiddenFrom?.(this.client.session))
      return this.#refuse('UNKNOWN_KIND', kind, rawId);
    const parsed = provider.idSchema ? provider.idSchema.safeParse(rawId) : null;
    if (parsed ? !parsed.success : rawId !== undefined) return this.#refuse('BAD_ID', kind, rawId);
    const id = parsed?.success ? parsed.data : undefined;
    const key = keyOf(kind, id);
    if (this.#subscriptions.has(key)) return this.#refuse('ALREADY_SUBSCRIBED', kind, id);
    if (
      this.#subscriptions.size >= this.limits.maxSubscriptions ||
      this.#pendingSnapshots >= this.limits.maxPendingSnapshots
    ) {
      return this.#refuse('TOO_MANY_SUBSCRIPTIONS', kind, id);
    }
    const subscription: Subscription = {
      kind,
      id,
      topic: topicOf(provider, id),
      lastSeq: -1,
      held: new Map(),
      cancelled: false,
    };
    // Reserved before the first await, so concurrent requests count against the limits.
    this.#subscriptions.set(key, subscription);
    this.#pendingSnapshots += 1;
    try {
      await this.#open(subscription, key);
    } catch (error) {
      // A provider that failed (its database read, its check): this topic only, not the socket.
      this.log.error({ err: error, kind, id }, 'stream subscription failed');
      if (!subscription.cancelled) this.#fail(key, 'UNAVAILABLE');
    } finally {
      this.#pendingSnapshots -= 1;
    }
  }

  unsubscribe(kind: string, rawId: string | undefined): void {
    const provider = this.registry.get(kind);
    const parsed = provider?.idSchema?.safeParse(rawId);
    const id = parsed?.success ? parsed.data : rawId;
    this.#release(keyOf(kind, id));
    this.client.send({ unsubscribed: kind, ...withId(id) });
  }

  async #open(subscription: Subscription, key: string): Promise<void> {
    const { kind, id } = subscription;
    const provider = this.registry.get(kind)!;
    const session = this.client.session;
    const allowed = provider.authorize ? await provider.authorize(session, id) : true;
    if (subscription.cancelled) return;
    if (!allowed) return this.#fail(key, 'FORBIDDEN');
    // Followed before the read, so no change can fall between the snapshot and the first update.
    const following = this.client.subscribe(subscription.topic, (message) =>
      this.#heard(subscription, message),
    );
    if (!following) return this.#fail(key, 'TOO_MANY_SUBSCRIPTIONS');
    const snapshot = await provider.snapshot(id, session);
    if (subscription.cancelled) return;
    if (!snapshot) return this.#fail(key, 'NOT_FOUND');
    subscription.lastSeq = snapshot.seq;
    const message = {
      type: kind,
      kind,
      ...withId(id),
      seq: snapshot.seq,
      snapshot: true,
      ...wireOf(provider, snapshot.data),
    };
    this.client.send(message, `${key}|snapshot`);
    const held = [...subscription.held.values()].sort((a, b) => a.seq - b.seq);
    subscription.held.clear();
    for (const update of held) this.#push(subscription, update);
  }

  #heard(subscription: Subscription, message: string): void {
    if (subscription.cancelled) return;
    const update = readShared(message);
    if (!update) {
      this.log.debug({ topic: subscription.topic }, 'stream update ignored: not an update');
      return;
    }
    if (subscription.lastSeq >= 0) return this.#push(subscription, update);
    const heldKey = update.key ?? '';
    subscription.held.delete(heldKey); // re-inserted: the map keeps the latest per key
    if (subscription.held.size < this.limits.maxHeldUpdates) subscription.held.set(heldKey, update);
  }

  /** Publications of two commits may arrive out of order: never an older state after a newer one. */
  #push(subscription: Subscription, update: StreamUpdate): void {
    if (update.seq <= subscription.lastSeq) return;
    subscription.lastSeq = update.seq;
    const { kind, id } = subscription;
    let wire = wireText.get(update);
    if (wire === undefined) {
      const payload = wireOf(this.registry.get(kind), update.data);
      wire = new Serialized(JSON.stringify({ type: kind, kind, ...withId(id), seq: update.seq, ...payload }));
      wireText.set(update, wire);
    }
    this.client.send(wire, `${keyOf(kind, id)}|${update.key ?? ''}`);
  }

  #fail(key: string, code: StreamErrorCode): void {
    const subscription = this.#subscriptions.get(key);
    this.#release(key);
    if (subscription) this.#refuse(code, subscription.kind, subscription.id);
  }

  #release(key: string): void {
    const subscription = this.#subscriptions.get(key);
    if (!subscription) return;
    subscription.cancelled = true;
    this.#subscriptions.delete(key);
    this.client.unsubscribe(subscription.topic);
  }

  #refuse(code: StreamErrorCode, kind: string, id: string | undefined): void {
    this.client.send({ error: STREAM_ERRORS[code], code, kind, ...withId(id) });
  }
}
