import { reject, type Rejection, type Result } from '../rejections.ts';

/**
 * A kind of live unit (a market's command stream, a table's round loop, the crash loop). Unit ids are
 * `<kind>:<rest>`, so the router knows a unit's kind from its id. Commands and results cross the bus
 * when the owner is another instance: they must be JSON values (money as decimal strings), and
 * expected failures are rejections (docs/decisions/0070), never throws.
 */
export type UnitKind<Unit, Command, Answer> = {
  kind: string;
  /** Rebuilds the unit from the database when this instance becomes its owner; null: no such unit. */
  load(unitId: string): Promise<Unit | null>;
  /**
   * Runs one command; never two of one unit at once. A throw makes the next command reload the unit.
   * A `Deferred` answer lets the next command start while this one's answer still waits (for a group
   * commit): the unit's memory has moved on, its effects are not yet durable.
   */
  handle(unit: Unit, command: Command, unitId: string): Promise<Result<Answer> | Deferred<Answer>>;
  /**
   * True once the unit has nothing more to do (a finished replay): after the command that ended it, and
   * those already queued behind it, the router unloads it and gives its lease back; a later command
   * loads it again. Without it an owner keeps its units until it stops.
   */
  ended?(unit: Unit): boolean;
  /** This instance stops owning the unit (stop, lost lease, ended): end its timers. */
  unload?(unit: Unit, unitId: string): void | Promise<void>;
};

/** An answer that is known once `later` settles; it must resolve (to a rejection on failure), never reject. */
export type Deferred<Answer> = { readonly later: Promise<Result<Answer>> };

export const deferred = <Answer>(later: Promise<Result<Answer>>): Deferred<Answer> => ({ later });

export const isDeferred = (value: unknown): value is Deferred<unknown> =>
  typeof value === 'object' && value !== null && 'later' in value;

export type AnyUnitKind = UnitKind<unknown, unknown, unknown>;

/** Sends one kind's commands with their types (what `UnitRouter.register` answers). */
export type UnitSender<Command, Answer> = (unitId: string, command: Command) => Promise<Result<Answer>>;

export type UnitRouterOptions = {
  /**
   * How long a lease lasts without renewal: the longest a dead owner's units stay unowned
   * (docs/decisions/0302). Shorter is a faster takeover but more renewals, and less time for a late one.
   */
  leaseTtlMs: number;
  /** How often the owner renews its leases, one statement per 1,000 (well under the TTL minus the margin). */
  renewEveryMs: number;
  /**
   * How often hosted units (round loops) held nowhere are looked for, one statement for all of them:
   * a dead owner's loop runs elsewhere within this long of its lease's expiry.
   */
  takeHostedEveryMs: number;
  /** The owner stops running a unit's commands this long before its lease could expire. */
  leaseMarginMs: number;
  /** How long a forwarded command waits for the owner's answer. */
  forwardTimeoutMs: number;
  /**
   * How long "another instance owns it" is believed without asking the database again; never past
   * the lease's expiry as read, so a dead owner's unit is taken at the first command after it.
   */
  remoteOwnerCacheMs: number;
  /** Commands waiting per unit (queued plus running); beyond: UNIT_BUSY. */
  maxQueuedPerUnit: number;
  /** Units this instance owns at most; beyond it takes no new ones. */
  maxOwnedUnits: number;
  /** Forwarded commands waiting for an answer at most; beyond: UNIT_BUSY. */
  maxForwarding: number;
  /**
   * Where a unit nobody holds goes: `hash`, to the live instance rendezvous hashing picks, units moving
   * by handover when instances join (docs/decisions/0305); `first-use`, to the instance that needs it.
   */
  placement: 'hash' | 'first-use';
  /**
   * How long an instance's heartbeat row says it is alive (docs/decisions/0307), renewed four times a
   * lifetime: a dead owner's units are free this long after its last beat, whatever their leases say.
   */
  instanceTtlMs: number;
  /** How often each instance says it is alive on the bus, and looks for units to hand to a newcomer. */
  heartbeatEveryMs: number;
  /** Units handed over per look at most, so a join moves load in steps rather than all at once. */
  handoversPerBeat: number;
  /** This instance's name (INSTANCE_NAME), which pins name: stable across restarts, unlike its id. */
  instanceName?: string;
  /**
   * Unit id → the name of the instance it runs on while that one is live (UNIT_PIN); an instance named
   * here takes no unit that is not pinned to it (docs/decisions/0309).
   */
  pins: Readonly<Record<string, string>>;
};

/**
 * The lease's timings for a lifetime of `leaseTtlMs` (UNIT_LEASE_MS): renewed four times a lifetime, the
 * owner stopping 1 s before it could run out (docs/decisions/0302).
 */
export const leaseTimings = (leaseTtlMs: number) => ({ leaseTtlMs, renewEveryMs: leaseTtlMs / 4 });

export const DEFAULT_UNIT_ROUTER_OPTIONS: UnitRouterOptions = {
  ...leaseTimings(10_000),
  takeHostedEveryMs: 500,
  leaseMarginMs: 1_000,
  forwardTimeoutMs: 5_000,
  remoteOwnerCacheMs: 1_000,
  maxQueuedPerUnit: 1_000,
  maxOwnedUnits: 10_000,
  maxForwarding: 10_000,
  placement: 'hash',
  instanceTtlMs: 4_000,
  heartbeatEveryMs: 1_000,
  handoversPerBeat: 100,
  pins: {},
};

export const unitBusy = (): Rejection =>
  reject('unavailable', 'UNIT_BUSY', 'This is busy right now; please retry shortly.', 1);

export const unitUnavailable = (): Rejection =>
  reject('unavailable', 'UNIT_UNAVAILABLE', 'This is not available right now; please retry shortly.', 2);

export const unitNotFound = (): Rejection => reject('not_found', 'UNIT_NOT_FOUND', 'There is no such unit.');

export const unknownUnitKind = (): Rejection =>
  reject('invalid', 'UNIT_UNKNOWN_KIND', 'There is no such kind of unit.');

export const kindOfUnit = (unitId: string): string => {
  const colon = unitId.indexOf(':');
  return colon > 0 ? unitId.slice(0, colon) : unitId;
};
