/**
 * Every live order plus the last `finishedCapacity` finished ones, in one map so that placing
 * (duplicate check) and cancelling (lookup) cost one hash lookup each. A ring of finished ids
 * evicts the oldest, keeping memory bounded however long a market runs while a late cancel of a
 * recently finished order still answers ORDER_NOT_OPEN. Map order is placement order.
 */
export class OrderIndex<T> {
  private readonly byId = new Map<string, T>();
  private readonly finishedRing: (string | undefined)[];
  private nextSlot = 0;
  liveCount = 0;

  constructor(private readonly finishedCapacity: number) {
    this.finishedRing = new Array<string | undefined>(finishedCapacity).fill(undefined);
  }

  get(orderId: string): T | undefined {
    return this.byId.get(orderId);
  }

  addLive(orderId: string, order: T): void {
    this.byId.set(orderId, order);
    this.liveCount++;
  }

  /** A live order finished: it stays findable until the ring evicts it. */
  finishLive(orderId: string): void {
    this.liveCount--;
    this.pushFinished(orderId);
  }

  /** An order that finished without ever resting (filled, IOC, FOK, self-match). */
  addFinished(orderId: string, order: T): void {
    this.byId.set(orderId, order);
    this.pushFinished(orderId);
  }

  values(): IterableIterator<T> {
    return this.byId.values();
  }

  private pushFinished(orderId: string): void {
    const evicted = this.finishedRing[this.nextSlot];
    if (evicted !== undefined) this.byId.delete(evicted);
    this.finishedRing[this.nextSlot] = orderId;
    this.nextSlot = this.nextSlot + 1 === this.finishedCapacity ? 0 : this.nextSlot + 1;
  }
}
