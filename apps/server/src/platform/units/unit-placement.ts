import type { Bus } from '../../lib/bus.ts';
import { RELEASED_TOPIC, type UnitReleased } from './forwarding.ts';
import type { Leases } from './leases.ts';
import { Members } from './members.ts';
import type { OwnedUnit } from './owned-unit.ts';
import { placeUnit } from './placement.ts';
import type { Replies } from './replies.ts';
import type { UnitLog } from './router-deps.ts';
import type { UnitRouterOptions } from './types.ts';

type PlacementDeps = {
  bus: Bus;
  leases: Leases;
  replies: Replies;
  instanceId: string;
  options: UnitRouterOptions;
  log?: UnitLog;
};

/**
 * Which instance a unit held nowhere goes to, and the handovers when that changes (docs/decisions/0305):
 * by rendezvous hashing over the live instances (`placement: 'hash'`), or wherever it is first needed.
 */
export class UnitPlacement {
  readonly #members: Members;
  /** Units being handed over; their commands wait for the handover to end. */
  readonly #handingOver = new Map<string, Promise<void>>();
  /** Hosted units held nowhere at the last look. */
  #unheldBefore = new Set<string>();
  #onDatabase: Set<string> | null = null;
  /** The names of instances that host a pinned unit. */
  readonly #pinHosts: Set<string>;

  constructor(private readonly deps: PlacementDeps) {
    const { heartbeatEveryMs, instanceName } = deps.options;
    this.#members = new Members(deps.bus, deps.instanceId, heartbeatEveryMs, { selfName: instanceName });
    this.#pinHosts = new Set(Object.values(deps.options.pins));
  }

  get byHash(): boolean {
    return this.deps.options.placement === 'hash';
  }

  join(): void {
    this.#members.join();
  }

  /** Says this instance leaves, so that nothing more is placed on it. */
  leave(): Promise<void> {
    return this.#members.leave().catch(() => {});
  }

  /**
   * The instances beating on this database, as last read: only those heard on the bus and found there
   * are placed on, so another deployment sharing the bus (one Redis, one prefix) never gets a unit.
   */
  beaten(live: string[] | null): void {
    this.#onDatabase = live && new Set(live);
  }

  /** The live instance the unit goes to; this one with `first-use`. */
  placedOn(unitId: string): string {
    if (!this.byHash) return this.deps.instanceId;
    return this.#placeAmong(unitId, this.#live()) ?? this.deps.instanceId;
  }

  /**
   * A pinned unit goes to its instance while that one is live; every other unit by hash over the live
   * instances that host no pinned unit (all of them, if only such are live: pins never strand a unit).
   */
  #placeAmong(unitId: string, live: string[]): string | undefined {
    const pinnedTo = this.deps.options.pins[unitId];
    const nameOf = (instance: string) => this.#members.nameOf(instance);
    if (pinnedTo !== undefined) {
      const host = live.find((instance) => nameOf(instance) === pinnedTo);
      if (host) return host;
    }
    if (this.#pinHosts.size === 0) return placeUnit(unitId, live);
    const free = live.filter((instance) => !this.#pinHosts.has(nameOf(instance) ?? ''));
    return placeUnit(unitId, free.length > 0 ? free : live);
  }

  #live(steadyMs = 0): string[] {
    const heard = this.#members.live(steadyMs);
    const onDatabase = this.#onDatabase;
    return onDatabase ? heard.filter((instance) => onDatabase.has(instance)) : heard;
  }

  handingOver(unitId: string): Promise<void> | undefined {
    return this.#handingOver.get(unitId);
  }

  get handovers(): Promise<void>[] {
    return [...this.#handingOver.values()];
  }

  /**
   * Of the hosted units held nowhere, those to take here: placed here, or held nowhere at the last look
   * too (the instance they are placed on has not taken them).
   */
  hostedToTake(unheld: readonly string[]): string[] {
    const before = this.#unheldBefore;
    this.#unheldBefore = new Set(unheld);
    return unheld.filter((unitId) => before.has(unitId) || this.placedOn(unitId) === this.deps.instanceId);
  }

  /**
   * Gives the units placed on another instance now (one that joined and was heard for two beats) to it,
   * at most `handoversPerBeat` under way at once: each finishes what it queued, its writes land, its
   * lease goes and the release is announced, after which the new owner takes it. The caller need not
   * wait: a unit whose last commands take long holds up only its own commands, never a renewal.
   */
  handOverMisplaced(owned: Map<string, OwnedUnit>): Promise<void> {
    if (!this.byHash) return Promise.resolve();
    const { instanceId, options } = this.deps;
    const room = options.handoversPerBeat - this.#handingOver.size;
    const live = this.#live(2 * options.heartbeatEveryMs);
    if (live.length < 2 || room <= 0) return Promise.resolve();
    const misplaced = [...owned.values()]
      .filter((unit) => unit.holds() && this.#placeAmong(unit.unitId, live) !== instanceId)
      .slice(0, room);
    for (const unit of misplaced) owned.delete(unit.unitId);
    return Promise.all(misplaced.map((unit) => this.#handOver(unit))).then(() => {});
  }

  #handOver(owned: OwnedUnit): Promise<void> {
    const { unitId } = owned;
    const { leases, replies, bus, instanceId, log, options } = this.deps;
    // Said once, so that a handover held up by a command that never ends can be found in the log.
    const slow = setTimeout(
      () => log?.warn({ unitId }, 'unit handover still waits for its last commands'),
      options.leaseTtlMs,
    );
    slow.unref();
    const handing = (async () => {
      await owned.retire(true);
      await replies.settled();
      await leases.release(unitId);
      const released: UnitReleased = { unitId, owner: instanceId, handover: true };
      await bus.publish(RELEASED_TOPIC, JSON.stringify(released));
    })()
      .catch((error: unknown) =>
        log?.warn({ err: error, unitId }, 'unit not handed over; its lease will expire'),
      )
      .finally(() => {
        clearTimeout(slow);
        this.#handingOver.delete(unitId);
      });
    this.#handingOver.set(unitId, handing);
    return handing;
  }
}
