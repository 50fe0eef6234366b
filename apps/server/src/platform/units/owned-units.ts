import { setTimeout as sleep } from 'node:timers/promises';
import type { Leases } from './leases.ts';
import { OwnedUnit } from './owned-unit.ts';
import type { UnitLog } from './router-deps.ts';
import type { AnyUnitKind, UnitRouterOptions } from './types.ts';

type OwnedUnitsDeps = {
  leases: Leases;
  options: UnitRouterOptions;
  kindOf(unitId: string): AnyUnitKind;
  /** This instance took the unit's lease. */
  acquired(unitId: string): void;
  /** The instances beating on this database, as the last beat read them. */
  beaten(live: string[] | null): void;
  log?: UnitLog;
};

/**
 * The units this instance holds leases on: taking a lease (one attempt shared by concurrent callers),
 * renewing them all, and ending a unit so that a new ownership never overlaps the old one's last command.
 */
export class OwnedUnits {
  readonly units = new Map<string, OwnedUnit>();
  readonly #acquiring = new Map<string, Promise<OwnedUnit | null>>();
  /** Units being ended here; a new ownership of the same unit waits for that end (no overlap). */
  readonly #retiring = new Map<string, Promise<void>>();

  /** Until when this instance's last heartbeat keeps its leases: its beat asked + the TTL − the margin. */
  readonly alive = { untilMs: Infinity };

  constructor(private readonly deps: OwnedUnitsDeps) {}

  /**
   * Renews this instance's heartbeat row on a loop of its own, so that a long renewal or handover never
   * delays it; a beat that fails leaves the units to stop at the last one's limit (docs/decisions/0307).
   */
  async beat(signal: AbortSignal): Promise<void> {
    const { instanceTtlMs, leaseMarginMs } = this.deps.options;
    while (!signal.aborted) {
      const askedAtMs = performance.now();
      try {
        const { continued, live } = await this.deps.leases.beat(instanceTtlMs);
        // Lapsed: another instance may have taken any unit meanwhile, so none is believed ours any more.
        if (!continued) for (const unit of [...this.units.values()]) this.lose(unit);
        this.deps.beaten(live);
        this.alive.untilMs = askedAtMs + instanceTtlMs - leaseMarginMs;
      } catch (error) {
        this.deps.log?.warn({ err: error }, 'unit heartbeat not written');
      }
      await sleep(instanceTtlMs / 4, undefined, { signal }).catch(() => {});
    }
  }

  get(unitId: string): OwnedUnit | undefined {
    return this.units.get(unitId);
  }

  /** Takes the unit's lease when free; null when another instance holds it. */
  async ownedOrAcquired(unitId: string): Promise<OwnedUnit | null | 'failed'> {
    let acquiring = this.#acquiring.get(unitId);
    if (!acquiring) {
      acquiring = this.#acquire(unitId).finally(() => this.#acquiring.delete(unitId));
      this.#acquiring.set(unitId, acquiring);
    }
    try {
      return await acquiring;
    } catch (error) {
      this.deps.log?.warn({ err: error, unitId }, 'unit lease could not be taken');
      return 'failed';
    }
  }

  async renew(): Promise<void> {
    const ids = [...this.units.keys()];
    if (ids.length === 0) return;
    const askedAtMs = performance.now();
    let renewed: Set<string>;
    try {
      renewed = await this.deps.leases.renew(ids);
    } catch (error) {
      // Keep the units until their known validity runs out; commands stop there on their own.
      this.deps.log?.warn({ err: error, units: ids.length }, 'unit leases not renewed');
      return;
    }
    const { leaseTtlMs, leaseMarginMs } = this.deps.options;
    for (const unitId of ids) {
      const owned = this.units.get(unitId);
      if (!owned) continue;
      if (renewed.has(unitId)) owned.validUntilMs = askedAtMs + leaseTtlMs - leaseMarginMs;
      else this.lose(owned);
    }
  }

  /** The lease is gone (another instance may own the unit now): nothing queued here runs any more. */
  lose(owned: OwnedUnit): void {
    if (this.units.get(owned.unitId) === owned) this.units.delete(owned.unitId);
    this.retire(owned, owned.retire(false));
  }

  retire(owned: OwnedUnit, ending: Promise<void>): void {
    const done = ending
      .catch((error: unknown) => {
        this.deps.log?.error({ err: error, unitId: owned.unitId }, 'unit unload failed');
      })
      .finally(() => {
        if (this.#retiring.get(owned.unitId) === done) this.#retiring.delete(owned.unitId);
      });
    this.#retiring.set(owned.unitId, done);
  }

  /** Ends every unit, running what each queued first; answers them (their leases are still held). */
  async retireAll(): Promise<OwnedUnit[]> {
    const owned = [...this.units.values()];
    this.units.clear();
    for (const unit of owned) this.retire(unit, unit.retire(true));
    await Promise.all([...this.#retiring.values()]);
    return owned;
  }

  async #acquire(unitId: string): Promise<OwnedUnit | null> {
    // A command still running under a previous ownership here ends (and its lease is settled) first.
    await this.#retiring.get(unitId);
    const askedAtMs = performance.now();
    if (!(await this.deps.leases.acquire(unitId))) return null;
    this.deps.acquired(unitId);
    const { leaseTtlMs, leaseMarginMs, maxQueuedPerUnit } = this.deps.options;
    const owned = new OwnedUnit(
      unitId,
      this.deps.kindOf(unitId),
      maxQueuedPerUnit,
      askedAtMs + leaseTtlMs - leaseMarginMs,
      (unit) => this.#giveBack(unit),
      this.alive,
    );
    this.units.set(unitId, owned);
    return owned;
  }

  /**
   * No such unit, or it ended: hold no lease for it. The commands already queued run first, then the
   * unit unloads and its row is deleted; a new ownership here waits for that (see #acquire), and other
   * instances find the unit free. Not announced: this instance is not stopping.
   */
  #giveBack(owned: OwnedUnit): void {
    if (this.units.get(owned.unitId) === owned) this.units.delete(owned.unitId);
    this.retire(
      owned,
      owned.retire(true).then(() => this.deps.leases.release(owned.unitId)),
    );
  }
}
