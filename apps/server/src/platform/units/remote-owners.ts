import type { UnitReleased } from './forwarding.ts';

/**
 * What this instance believes about units other instances hold: each owner as last read from the lease
 * rows, believed for a while, and the instances that announced their stop (they will own nothing again).
 */
export class RemoteOwners {
  readonly #owners = new Map<string, { owner: string; untilMs: number }>();
  readonly #gone = new Set<string>();

  constructor(private readonly maxEntries: number) {}

  /** The owner still believed; undefined when none is. */
  ownerOf(unitId: string, nowMs = performance.now()): string | undefined {
    const believed = this.#owners.get(unitId);
    return believed && believed.untilMs > nowMs ? believed.owner : undefined;
  }

  believe(unitId: string, owner: string, forMs: number, fromMs = performance.now()): void {
    if (this.#owners.size >= this.maxEntries) this.#owners.clear();
    this.#owners.set(unitId, { owner, untilMs: fromMs + forMs });
  }

  forget(unitId: string): void {
    this.#owners.delete(unitId);
  }

  isGone(owner: string): boolean {
    return this.#gone.has(owner);
  }

  /** A release: the unit is free now, and its owner gone unless it only handed the unit over. */
  released({ unitId, owner, handover }: UnitReleased): void {
    if (this.#gone.size >= this.maxEntries) this.#gone.clear();
    if (!handover) this.#gone.add(owner);
    if (this.#owners.get(unitId)?.owner === owner) this.#owners.delete(unitId);
  }
}
