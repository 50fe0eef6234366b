import { randomUUID } from 'node:crypto';
export type { UnitLog, UnitRouterDeps, UnitRouterHealth } from './router-deps.ts';
import type { LoopWorker } from '../lifecycle.ts';
import type { Result } from '../rejections.ts';
import {
  Forwarder,
  readReleased,
  readRequest,
  RELEASED_TOPIC,
  requestTopic,
  type UnitReleased,
} from './forwarding.ts';
import { LocalLeases, PgLeases, unheldUnits, type Leases } from './leases.ts';
import { OwnedUnit } from './owned-unit.ts';
import { Replies } from './replies.ts';
import { WakeablePause } from './wakeable-pause.ts';
import type { UnitRouterDeps, UnitRouterHealth } from './router-deps.ts';
import {
  DEFAULT_UNIT_ROUTER_OPTIONS,
  kindOfUnit,
  unitBusy,
  unitUnavailable,
  unknownUnitKind,
  type AnyUnitKind,
  type UnitKind,
  type UnitRouterOptions,
  type UnitSender,
} from './types.ts';

/** After a "not the owner" answer the command is asked again this many times in all. */
const MAX_ATTEMPTS = 5;
/**
 * A stopping owner answers "not the owner", or still holds the lease, until its drain has released
 * the unit (a few hundred ms): each new attempt waits this much longer than the last, 1 s in all.
 */
const NOT_OWNER_PAUSE_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a command goes: this instance's unit, another instance, or nowhere for now. */
type Route = OwnedUnit | { owner: string } | 'retry' | 'failed' | 'full';

/**
 * Sends each live unit's commands to its one owner (docs/decisions/0106): runs them here, one at a time
 * per unit, when this instance holds the unit's lease (taking it when free), and forwards them over the
 * bus to the owner otherwise. Runs as the `units` worker: it renews leases, and on stop it drains the
 * commands it accepted and gives its leases back.
 */
export class UnitRouter {
  readonly instanceId = randomUUID();
  readonly options: UnitRouterOptions;
  readonly #kinds = new Map<string, AnyUnitKind>();
  readonly #owned = new Map<string, OwnedUnit>();
  readonly #acquiring = new Map<string, Promise<OwnedUnit | null>>();
  /** Units another instance holds, as last read from the lease rows, believed until `untilMs`. */
  readonly #remote = new Map<string, { owner: string; untilMs: number }>();
  /** Instances that announced a release: they are stopping and will own nothing again. */
  readonly #gone = new Set<string>();
  /** Commands being routed (and queued when owned here), which a stop waits for. */
  readonly #accepting = new Set<Promise<void>>();
  readonly #hosted = new Set<string>();
  /** Units being ended here; a new ownership of the same unit waits for that end (no overlap). */
  readonly #retiring = new Map<string, Promise<void>>();
  readonly #leases: Leases;
  readonly #forwarder: Forwarder;
  readonly #replies: Replies;
  #stopping = false;
  #unsubscribeReleased: (() => void) | undefined;
  #unsubscribeRequests: (() => void) | undefined;
  /** The run loop's pause, ended early when a hosted unit was released elsewhere: it is taken at once. */
  readonly #pause = new WakeablePause();

  constructor(private readonly deps: UnitRouterDeps) {
    this.options = { ...DEFAULT_UNIT_ROUTER_OPTIONS, ...deps.options };
    this.#leases =
      deps.leases ??
      (deps.db.kind === 'postgres'
        ? new PgLeases(deps.db, this.instanceId, this.options.leaseTtlMs)
        : new LocalLeases(this.instanceId));
    this.#forwarder = new Forwarder(deps.bus, this.instanceId, this.options.maxForwarding);
    this.#replies = new Replies(deps.bus, deps.log);
  }

  /** Who holds which unit; loops that must run on one instance only (the feed) take a lease here too. */
  get leases(): Leases {
    return this.#leases;
  }

  /** Registers a kind at composition time; answers its typed sender. */
  register<Unit, Command, Answer>(kind: UnitKind<Unit, Command, Answer>): UnitSender<Command, Answer> {
    if (this.#kinds.has(kind.kind)) throw new Error(`unit kind ${kind.kind} is already registered`);
    if (this.#kinds.size === 0) void this.deps.lifecycle?.register(this.worker());
    this.#kinds.set(kind.kind, kind as AnyUnitKind);
    return (unitId, command) => this.send(unitId, command) as Promise<Result<Answer>>;
  }

  /** Keeps a unit owned somewhere at all times (a round loop): each renewal takes it when it is free. */
  host(unitId: string): void {
    this.#hosted.add(unitId);
  }

  /** Runs the command on the unit's owner and answers its result; UNIT_BUSY / UNIT_UNAVAILABLE otherwise. */
  async send(unitId: string, command: unknown): Promise<Result<unknown>> {
    if (!this.#kinds.has(kindOfUnit(unitId))) return unknownUnitKind();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await pause(NOT_OWNER_PAUSE_MS * (attempt - 1));
      if (this.#stopping) return unitUnavailable();
      this.#listen();
      const { route, running } = await this.#accept(unitId, (owned) => owned.submit(command));
      if (route instanceof OwnedUnit) return (await (running ?? null)) ?? unitBusy();
      if (route === 'failed') return unitUnavailable();
      if (route === 'full') return unitBusy();
      if (route === 'retry') continue;
      const { forwardTimeoutMs } = this.options;
      const reply = await this.#forwarder.request(unitId, route.owner, command, forwardTimeoutMs);
      if (reply.outcome === 'result') return reply.result;
      if (reply.outcome === 'busy') return unitBusy();
      if (reply.outcome === 'failed') throw new Error(`unit ${unitId} failed on its owner`);
      // A stopping, released or lost owner, or none listening: believe nothing cached about it.
      this.#remote.delete(unitId);
      if (reply.outcome === 'timeout') return unitUnavailable();
    }
    return unitUnavailable();
  }

  owns(unitId: string): boolean {
    return this.#owned.get(unitId)?.holds() ?? false;
  }

  health(): UnitRouterHealth {
    let queuedCommands = 0;
    for (const owned of this.#owned.values()) queuedCommands += owned.queue.length;
    return {
      instance: this.instanceId,
      ownedUnits: this.#owned.size,
      queuedCommands,
      forwarding: this.#forwarder.waiting,
    };
  }

  /** The lifecycle worker: renews leases, takes hosted units, and drains on stop. */
  worker(): LoopWorker {
    return { name: 'units', run: (signal) => this.#run(signal) };
  }

  async #run(signal: AbortSignal): Promise<void> {
    this.#stopping = false;
    this.#listen();
    let renewAtMs = 0;
    while (!signal.aborted) {
      if (performance.now() >= renewAtMs) {
        renewAtMs = performance.now() + this.options.renewEveryMs;
        await this.#renew();
      }
      await this.#takeHosted();
      await this.#pause.wait(Math.min(this.options.takeHostedEveryMs, this.options.renewEveryMs), signal);
    }
    await this.#drain();
  }

  /**
   * Routes the command and, when this instance owns the unit, queues it in the same step. A stop waits
   * for the steps under way, so a command sent before the stop is drained, not stranded on a unit
   * taken after the drain began.
   */
  #accept<Queued>(
    unitId: string,
    queue: (owned: OwnedUnit) => Queued,
  ): Promise<{ route: Route; running?: Queued }> {
    const step = this.#route(unitId).then((route) =>
      route instanceof OwnedUnit ? { route, running: queue(route) } : { route },
    );
    const tracked = step.then(
      () => {},
      () => {},
    );
    this.#accepting.add(tracked);
    void tracked.finally(() => this.#accepting.delete(tracked));
    return step;
  }

  /** Follows requests addressed to this instance, replies and release announcements; idempotent. */
  #listen(): void {
    const { bus } = this.deps;
    this.#forwarder.listen();
    this.#unsubscribeRequests ??= bus.subscribe(requestTopic(this.instanceId), (message) =>
      this.#answer(message),
    );
    this.#unsubscribeReleased ??= bus.subscribe(RELEASED_TOPIC, (message) => this.#heardReleased(message));
  }

  #heardReleased(message: string): void {
    const released = readReleased(message);
    if (!released || released.owner === this.instanceId) return;
    if (this.#gone.size >= this.options.maxOwnedUnits) this.#gone.clear();
    this.#gone.add(released.owner);
    if (this.#hosted.has(released.unitId)) this.#pause.wake();
    if (this.#remote.get(released.unitId)?.owner === released.owner) this.#remote.delete(released.unitId);
    // Sent to that owner before this was heard: it never ran there, so it is asked again.
    this.#forwarder.abandon(released);
  }

  /** This instance's unit (taking the lease when free), or the instance that holds it. */
  async #route(unitId: string): Promise<Route> {
    const owned = this.#owned.get(unitId);
    if (owned?.holds()) return owned;
    if (owned) this.#lose(owned); // renewal failed long enough for the lease to lapse
    const remote = this.#remote.get(unitId);
    if (remote && remote.untilMs > performance.now()) return { owner: remote.owner };
    if (this.#owned.size >= this.options.maxOwnedUnits) return this.#remoteOwner(unitId, 'full');
    const acquired = await this.#ownedOrAcquired(unitId);
    if (acquired !== null) return acquired;
    if (this.#stopping) return 'failed';
    return this.#remoteOwner(unitId, 'retry');
  }

  /** The other instance holding the unit's lease; `otherwise` when there is none to ask. */
  async #remoteOwner(unitId: string, otherwise: 'retry' | 'full'): Promise<Route> {
    const askedAtMs = performance.now();
    const held = await this.#leases.heldBy(unitId).catch((error: unknown) => {
      this.deps.log?.warn({ err: error, unitId }, 'unit owner could not be read');
    });
    if (held === undefined) return 'failed';
    // No holder, or one that announced its stop (its release of this unit is on its way): ask again.
    if (held === null || held.owner === this.instanceId || this.#gone.has(held.owner)) return otherwise;
    if (this.#remote.size >= this.options.maxOwnedUnits) this.#remote.clear();
    // Not believed past the lease's expiry: a dead owner's unit is taken at the next command after it.
    const believedMs = Math.min(this.options.remoteOwnerCacheMs, held.leftMs);
    this.#remote.set(unitId, { owner: held.owner, untilMs: askedAtMs + believedMs });
    return { owner: held.owner };
  }

  /** Takes the unit's lease when free, sharing one attempt among concurrent callers. */
  async #ownedOrAcquired(unitId: string): Promise<OwnedUnit | null | 'failed'> {
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

  async #acquire(unitId: string): Promise<OwnedUnit | null> {
    // A command still running under a previous ownership here ends (and its lease is settled) first.
    await this.#retiring.get(unitId);
    const askedAtMs = performance.now();
    if (!(await this.#leases.acquire(unitId))) return null;
    this.#remote.delete(unitId);
    const { leaseTtlMs, leaseMarginMs, maxQueuedPerUnit } = this.options;
    const kind = this.#kinds.get(kindOfUnit(unitId))!;
    const owned = new OwnedUnit(
      unitId,
      kind,
      maxQueuedPerUnit,
      askedAtMs + leaseTtlMs - leaseMarginMs,
      (unit) => this.#giveBack(unit),
    );
    this.#owned.set(unitId, owned);
    return owned;
  }

  /** A command another instance addressed to this one. */
  #answer(message: string): void {
    const request = readRequest(message);
    // A kind this router does not run is not its to answer, not even with "not the owner".
    if (!request || !this.#kinds.has(kindOfUnit(request.unitId))) return;
    const owned = this.#owned.get(request.unitId);
    if (this.#stopping || !owned?.holds()) return this.#replies.send(request, { outcome: 'not_owner' });
    const running = owned.submit(request.command, request.deadlineAtMs);
    if (!running) return this.#replies.send(request, { outcome: 'result', result: unitBusy() });
    // Tracked from now on, so that a stop announces the release only after this answer went out.
    this.#replies.sendWhenDone(request, running);
  }

  async #renew(): Promise<void> {
    const ids = [...this.#owned.keys()];
    if (ids.length === 0) return;
    const askedAtMs = performance.now();
    let renewed: Set<string>;
    try {
      renewed = await this.#leases.renew(ids);
    } catch (error) {
      // Keep the units until their known validity runs out; commands stop there on their own.
      this.deps.log?.warn({ err: error, units: ids.length }, 'unit leases not renewed');
      return;
    }
    const validUntilMs = askedAtMs + this.options.leaseTtlMs - this.options.leaseMarginMs;
    for (const unitId of ids) {
      const owned = this.#owned.get(unitId);
      if (!owned) continue;
      if (renewed.has(unitId)) owned.validUntilMs = validUntilMs;
      else this.#lose(owned);
    }
  }

  async #takeHosted(): Promise<void> {
    const notHere = [...this.#hosted].filter((unitId) => !this.#owned.get(unitId)?.holds());
    for (const unitId of await unheldUnits(this.#leases, notHere, this.deps.log)) {
      if (this.#stopping) return;
      if (this.#owned.get(unitId)?.holds()) continue;
      // Only the run loop calls this, and its drain comes after: no stop can overtake it.
      const owned = await this.#route(unitId);
      if (owned instanceof OwnedUnit) {
        owned
          .warm()
          ?.catch((error: unknown) => this.deps.log?.error({ err: error, unitId }, 'unit load failed'));
      }
    }
  }

  /** The lease is gone (another instance may own the unit now): nothing queued here runs any more. */
  #lose(owned: OwnedUnit): void {
    if (this.#owned.get(owned.unitId) === owned) this.#owned.delete(owned.unitId);
    this.#retire(owned, owned.retire(false));
  }

  #retire(owned: OwnedUnit, ending: Promise<void>): void {
    const done = ending
      .catch((error: unknown) => {
        this.deps.log?.error({ err: error, unitId: owned.unitId }, 'unit unload failed');
      })
      .finally(() => {
        if (this.#retiring.get(owned.unitId) === done) this.#retiring.delete(owned.unitId);
      });
    this.#retiring.set(owned.unitId, done);
  }

  /**
   * No such unit, or it ended: hold no lease for it. The commands already queued run first, then the
   * unit unloads and its row is deleted; a new ownership here waits for that (see #acquire), and other
   * instances find the unit free. Not announced: this instance is not stopping.
   */
  #giveBack(owned: OwnedUnit): void {
    if (this.#owned.get(owned.unitId) === owned) this.#owned.delete(owned.unitId);
    this.#retire(
      owned,
      owned.retire(true).then(() => this.#leases.release(owned.unitId)),
    );
  }

  /**
   * Graceful stop: the accepted commands run and their answers go out, then every lease is given back
   * and announced. The order matters: a caller hears the answers before the release, so a command it
   * still waits for when the release arrives certainly never ran here (docs/decisions/0106).
   */
  async #drain(): Promise<void> {
    this.#stopping = true;
    // Nothing starts routing from now on; what is under way settles first (see #accept).
    await Promise.allSettled([...this.#accepting]);
    const owned = [...this.#owned.values()];
    this.#owned.clear();
    await Promise.all(owned.map((unit) => this.#retire(unit, unit.retire(true))));
    await Promise.all([...this.#retiring.values()]);
    await this.#replies.settled();
    await Promise.all(
      owned.map(async (unit) => {
        try {
          await this.#leases.release(unit.unitId);
          const released: UnitReleased = { unitId: unit.unitId, owner: this.instanceId };
          await this.deps.bus.publish(RELEASED_TOPIC, JSON.stringify(released));
        } catch (error) {
          this.deps.log?.warn(
            { err: error, unitId: unit.unitId },
            'unit not released; its lease will expire',
          );
        }
      }),
    );
    this.#forwarder.close();
    this.#unsubscribeRequests?.();
    this.#unsubscribeRequests = undefined;
    this.#unsubscribeReleased?.();
    this.#unsubscribeReleased = undefined;
  }
}
