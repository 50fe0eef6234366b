import type { Bus } from '../../lib/bus.ts';

/** A batch's size where the bus sets no smaller one: far above a batch of one turn's commands. */
const DEFAULT_BATCH_BYTES = 64 * 1024;

type Batch = { items: string[]; bytes: number; sent: Promise<void>; send(): void };

/**
 * Items published to one topic in the same turn of the event loop leave as one bus message, a JSON
 * array of them (one item alone goes as itself): with many clients, a turn's forwarded commands to
 * an owner, or the answers of its group commit to a caller, cost one publish and one delivery instead
 * of one each (docs/decisions/0318). A batch is cut at the bus's `batchBytes` (PostgreSQL's NOTIFY
 * limit); batches of a topic leave in order.
 */
export class BusOutbox {
  readonly #open = new Map<string, Batch>();
  readonly #maxBytes: number;

  constructor(private readonly bus: Bus) {
    this.#maxBytes = bus.batchBytes ?? DEFAULT_BATCH_BYTES;
  }

  /** Resolves once the message carrying `item` (a JSON text) was published; rejects when it was not. */
  send(topic: string, item: string): Promise<void> {
    const bytes = Buffer.byteLength(item) + 1;
    const open = this.#open.get(topic);
    if (open && open.bytes + bytes > this.#maxBytes) this.#flush(topic);
    const batch = this.#open.get(topic) ?? this.#start(topic);
    batch.items.push(item);
    batch.bytes += bytes;
    return batch.sent;
  }

  #start(topic: string): Batch {
    let send = () => {};
    const items: string[] = [];
    const sent = new Promise<void>((resolve, reject) => {
      send = () => {
        const message = items.length === 1 ? items[0]! : `[${items.join(',')}]`;
        this.bus.publish(topic, message).then(resolve, reject);
      };
    });
    const batch: Batch = { items, bytes: 1, sent, send };
    this.#open.set(topic, batch);
    setImmediate(() => {
      if (this.#open.get(topic) === batch) this.#flush(topic);
    });
    return batch;
  }

  #flush(topic: string): void {
    const batch = this.#open.get(topic);
    this.#open.delete(topic);
    batch?.send();
  }
}

/** The items of a message an outbox sent: its array's elements, or the one value; [] when unreadable. */
export function readItems(message: string): unknown[] {
  try {
    const value: unknown = JSON.parse(message);
    return Array.isArray(value) ? value : [value];
  } catch {
    return [];
  }
}
