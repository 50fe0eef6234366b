/**
 * Remembers the last `capacity` finished orders (a ring of ids plus a map) so that memory stays
 * bounded however long a market runs, while a late cancel still gets ORDER_NOT_OPEN.
 */
export class FinishedOrders<T> {
  private readonly byId = new Map<string, T>();
  private readonly ring: (string | undefined)[];
  private nextSlot = 0;

  constructor(private readonly capacity: number) {
    this.ring = new Array<string | undefined>(capacity).fill(undefined);
  }

  remember(orderId: string, order: T): void {
    const evicted = this.ring[this.nextSlot];
    if (evicted !== undefined) this.byId.delete(evicted);
    this.ring[this.nextSlot] = orderId;
    this.nextSlot = (this.nextSlot + 1) % this.capacity;
    this.byId.set(orderId, order);
  }

  get(orderId: string): T | undefined {
    return this.byId.get(orderId);
  }

  has(orderId: string): boolean {
    return this.byId.has(orderId);
  }
}
