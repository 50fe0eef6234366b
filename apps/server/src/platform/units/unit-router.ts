import { randomUUID } from 'node:crypto';
export type { UnitLog, UnitRouterDeps, UnitRouterHealth } from './router-deps.ts';
import type { LoopWorker } from '../lifecycle.ts';
import type { Result } from '../rejections.ts';
import {
  Forwarder,
  readReleased,
  readRequests,
  RELEASED_TOPIC,
  type UnitRequest,
  requestTopic,
  type UnitReleased,
} from './forwarding.ts';
import { LocalLeases, PgLeases, unheldUnits, type Leases } from './leases.ts';
import { OwnedUnit } from './owned-unit.ts';
import { OwnedUnits } from './owned-units.ts';
import { RemoteOwners } from './remote-owners.ts';
import { UnitPlacement } from './unit-placement.ts';
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

/**
 * Where a command goes: this instance's unit, another instance (`take`: it is placed there and held
 * nowhere, so the addressee takes it), or nowhere for now.
 */
type Route = OwnedUnit | { owner: string; take?: boolean } | 'retry' | 'failed' | 'full';

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
  readonly #owned: OwnedUnits;
  readonly #remote: RemoteOwners;
  /** Commands being routed (and queued when owned here), which a stop waits for. */
  readonly #accepting = new Set<Promise<void>>();
  readonly #hosted = new Set<string>();
  /** Units a stop is giving back: a command for one is answered by the release announcement. */
  readonly #releasing = new Set<string>();
  readonly #placement: UnitPlacement;
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
    this.#remote = new RemoteOwners(this.options.maxOwnedUnits);
    this.#owned = new OwnedUnits({
      leases: this.#leases,
      options: this.options,
      kindOf: (unitId) => this.#kinds.get(kindOfUnit(unitId))!,
      acquired: (unitId) => this.#remote.forget(unitId),
      beaten: (live) => this.#placement.beaten(live),
      log: deps.log,
    });
    this.#forwarder = new Forwarder(deps.bus, this.instanceId, this.options.maxForwarding);
    this.#replies = new Replies(deps.bus, deps.log);
    const { instanceId, options } = this;
    this.#placement = new UnitPlacement({
      ...deps,
      leases: this.#leases,
      replies: this.#replies,
      instanceId,
      options,
    });
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
      const reply = await this.#forwarder.request(unitId, route.owner, command, forwardTimeoutMs, route.take);
      if (reply.outcome === 'result') {
        if (route.take) this.#remote.believe(unitId, route.owner, this.options.remoteOwnerCacheMs);
        return reply.result;
      }
      if (reply.outcome === 'busy') return unitBusy();
      if (reply.outcome === 'failed') throw new Error(`unit ${unitId} failed on its owner`);
      // A stopping, released or lost owner, or none listening: believe nothing cached about it.
      this.#remote.forget(unitId);
      if (reply.outcome === 'timeout') return unitUnavailable();
    }
    return unitUnavailable();
  }

  owns(unitId: string): boolean {
    return this.#owned.get(unitId)?.holds() ?? false;
  }

  health(): UnitRouterHealth {
    let queuedCommands = 0;
    for (const owned of this.#owned.units.values()) queuedCommands += owned.queue.length;
    return {
      instance: this.instanceId,
      ownedUnits: this.#owned.units.size,
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
    this.#placement.join();
    // Beating goes on through the drain: the units being given back still run their last commands.
    const beats = new AbortController();
    const beating = this.#owned.beat(beats.signal);
    let renewAtMs = 0;
    let handOverAtMs = 0;
    while (!signal.aborted) {
      if (performance.now() >= renewAtMs) {
        renewAtMs = performance.now() + this.options.renewEveryMs;
        await this.#owned.renew();
      }
      if (performance.now() >= handOverAtMs) {
        handOverAtMs = performance.now() + this.options.heartbeatEveryMs;
        if (!this.#stopping) void this.#placement.handOverMisplaced(this.#owned.units);
      }
      await this.#takeHosted();
      await this.#pause.wait(Math.min(this.options.takeHostedEveryMs, this.options.renewEveryMs), signal);
    }
    await this.#drain();
    beats.abort();
    await beating;
  }

  /**
   * Routes the command and, when this instance owns the unit, queues it in the same step. A stop waits
   * for the steps under way, so a command sent before the stop is drained, not stranded on a unit
   * taken after the drain began.
   */
  #accept<Queued>(
    unitId: string,
    queue: (owned: OwnedUnit) => Queued,
    taking = false,
  ): Promise<{ route: Route; running?: Queued }> {
    const step = (async (): Promise<{ route: Route; running?: Queued }> => {
      // Found again when the unit was handed over or stopped meanwhile: queued behind the end of its
      // ownership here, the command would answer UNIT_UNAVAILABLE instead of going to the new owner.
      for (let attempt = 1; ; attempt += 1) {
        const route = await this.#route(unitId, taking);
        if (!(route instanceof OwnedUnit)) return { route };
        if (!route.retired || attempt === 3) return { route, running: queue(route) };
      }
    })();
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
      this.#answerAll(message),
    );
    this.#unsubscribeReleased ??= bus.subscribe(RELEASED_TOPIC, (message) => this.#heardReleased(message));
  }

  #heardReleased(message: string): void {
    const released = readReleased(message);
    if (!released || released.owner === this.instanceId) return;
    this.#remote.released(released);
    if (this.#hosted.has(released.unitId)) this.#pause.wake();
    if (released.handover) this.#takeHandedOver(released.unitId);
    // Sent to that owner before this was heard: it never ran there, so it is asked again.
    this.#forwarder.abandon(released);
  }

  /** A unit handed over to this instance is taken and loaded now, not at its next command. */
  #takeHandedOver(unitId: string): void {
    if (this.#stopping || !this.#kinds.has(kindOfUnit(unitId))) return;
    if (this.#owned.get(unitId)?.holds() || this.#placement.placedOn(unitId) !== this.instanceId) return;
    this.#accept(unitId, (owned) => this.#warm(owned), true).catch(() => {});
  }

  #warm(owned: OwnedUnit): void {
    const { unitId } = owned;
    owned.warm()?.catch((error: unknown) => this.deps.log?.error({ err: error, unitId }, 'unit load failed'));
  }

  /**
   * This instance's unit (taking the lease when free and placed here, or when `taking`), or the instance
   * that holds it or should take it.
   */
  async #route(unitId: string, taking = false): Promise<Route> {
    const handing = this.#placement.handingOver(unitId);
    if (handing) await handing;
    const owned = this.#owned.get(unitId);
    if (owned?.holds()) return owned;
    if (owned) this.#owned.lose(owned); // renewal failed long enough for the lease to lapse
    // Asked to take it, the caller having found it held nowhere: what this instance believed is older.
    const remote = taking ? undefined : this.#remote.ownerOf(unitId);
    if (remote) return { owner: remote };
    if (this.#owned.units.size >= this.options.maxOwnedUnits) return this.#remoteOwner(unitId, 'full');
    const placed = taking ? this.instanceId : this.#placement.placedOn(unitId);
    if (placed !== this.instanceId) return this.#remoteOwner(unitId, 'retry', placed);
    const acquired = await this.#owned.ownedOrAcquired(unitId);
    if (acquired !== null) return acquired;
    if (this.#stopping) return 'failed';
    return this.#remoteOwner(unitId, 'retry');
  }

  /**
   * The other instance holding the unit's lease; when none does, `placed` to take it, else `otherwise`.
   */
  async #remoteOwner(unitId: string, otherwise: 'retry' | 'full', placed?: string): Promise<Route> {
    const askedAtMs = performance.now();
    const held = await this.#leases.heldBy(unitId).catch((error: unknown) => {
      this.deps.log?.warn({ err: error, unitId }, 'unit owner could not be read');
    });
    if (held === undefined) return 'failed';
    if (held === null && placed) return { owner: placed, take: true };
    // No holder, or one that announced its stop (its release of this unit is on its way): ask again.
    if (held === null || held.owner === this.instanceId || this.#remote.isGone(held.owner)) return otherwise;
    // Not believed past the lease's expiry: a dead owner's unit is taken at the next command after it.
    const believedMs = Math.min(this.options.remoteOwnerCacheMs, held.leftMs);
    this.#remote.believe(unitId, held.owner, believedMs, askedAtMs);
    return { owner: held.owner };
  }

  /** Commands another instance addressed to this one, one or a batch. */
  #answerAll(message: string): void {
    for (const request of readRequests(message)) this.#answer(request);
  }

  #answer(request: UnitRequest): void {
    // A kind this router does not run is not its to answer, not even with "not the owner".
    if (!this.#kinds.has(kindOfUnit(request.unitId))) return;
    const owned = this.#owned.get(request.unitId);
    if (!this.#stopping && !owned?.holds()) {
      const handing = this.#placement.handingOver(request.unitId);
      // Answered once the new owner may take it, so the caller's next try finds the lease free.
      if (handing) return void handing.then(() => this.#replies.send(request, { outcome: 'not_owner' }));
      if (request.take) return this.#answerTaking(request);
    }
    // Its release, announced once everything accepted here was answered, tells the caller to ask again.
    if (this.#stopping && this.#releasing.has(request.unitId)) return;
    if (this.#stopping || !owned?.holds()) return this.#replies.send(request, { outcome: 'not_owner' });
    const running = owned.submit(request.command, request.deadlineAtMs);
    if (!running) return this.#replies.send(request, { outcome: 'result', result: unitBusy() });
    // Tracked from now on, so that a stop announces the release only after this answer went out.
    this.#replies.sendWhenDone(request, running);
  }

  /** A command for a unit held nowhere and placed here by the caller: taken here, or "not the owner". */
  #answerTaking(request: UnitRequest): void {
    const queue = (owned: OwnedUnit) => {
      const running = owned.submit(request.command, request.deadlineAtMs);
      if (running) this.#replies.sendWhenDone(request, running);
      else this.#replies.send(request, { outcome: 'result', result: unitBusy() });
      return running;
    };
    const notHere = () => this.#replies.send(request, { outcome: 'not_owner' });
    void this.#accept(request.unitId, queue, true).then(({ route }) => {
      if (!(route instanceof OwnedUnit)) notHere();
    }, notHere);
  }

  /** Hosted units held nowhere and placed here, or held nowhere at the last look too, are taken here. */
  async #takeHosted(): Promise<void> {
    const notHere = [...this.#hosted].filter((unitId) => !this.#owned.get(unitId)?.holds());
    const unheld = await unheldUnits(this.#leases, notHere, this.deps.log);
    for (const unitId of this.#placement.hostedToTake(unheld)) {
      if (this.#stopping) return;
      if (this.#owned.get(unitId)?.holds()) continue;
      // Only the run loop calls this, and its drain comes after: no stop can overtake it.
      const owned = await this.#route(unitId, true);
      if (owned instanceof OwnedUnit) this.#warm(owned);
    }
  }

  /**
   * Graceful stop: the accepted commands run and their answers go out, then every lease is given back
   * and announced. The order matters: a caller hears the answers before the release, so a command it
   * still waits for when the release arrives certainly never ran here (docs/decisions/0106).
   */
  async #drain(): Promise<void> {
    this.#stopping = true;
    for (const unitId of this.#owned.units.keys()) this.#releasing.add(unitId);
    await this.#placement.leave();
    // Nothing starts routing from now on; what is under way settles first (see #accept).
    await Promise.allSettled([...this.#accepting, ...this.#placement.handovers]);
    for (const unitId of this.#owned.units.keys()) this.#releasing.add(unitId);
    const owned = await this.#owned.retireAll();
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
        } finally {
          this.#releasing.delete(unit.unitId);
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
