import type { Bus } from '../../lib/bus.ts';
import type { Result } from '../rejections.ts';
import { BusOutbox, readItems } from './bus-outbox.ts';

/**
 * A command for a unit another instance owns, published on that instance's request topic
 * (docs/decisions/0106). Addressed to one owner, so only that owner can run it: its "not the owner"
 * answer, or its release announcement, proves the command did not run and may be asked again.
 */
export type UnitRequest = {
  rid: string;
  replyTo: string;
  unitId: string;
  command: unknown;
  /** Wall-clock ms after which the caller has given up: the owner does not start it any more. */
  deadlineAtMs: number;
  /** Nobody held the unit and it is placed on the addressee: take it (docs/decisions/0305). */
  take?: boolean;
};

/** The owner's answer, on the caller's reply topic. */
export type UnitReply =
  | { rid: string; outcome: 'result'; result: Result<unknown> }
  /** This instance no longer owns the unit (it is stopping or lost the lease): ask again. */
  | { rid: string; outcome: 'not_owner' }
  /** The unit's handler threw; the owner logged it. */
  | { rid: string; outcome: 'failed' };

export type ForwardOutcome = UnitReply | { outcome: 'timeout' } | { outcome: 'busy' };

export const requestTopic = (instanceId: string) => `units:request:${instanceId}`;
export const RELEASED_TOPIC = 'units:released';

/**
 * Published on RELEASED_TOPIC once `owner` has run and answered everything it accepted for the unit.
 * `handover`: the owner goes on running, it gave this unit to the instance it is placed on now.
 */
export type UnitReleased = { unitId: string; owner: string; handover?: boolean };

type Waiter = {
  unitId: string;
  owner: string;
  resolve(outcome: ForwardOutcome): void;
  timer: NodeJS.Timeout;
};

/** Request/reply over the bus: one reply topic per instance, a timeout per request. */
export class Forwarder {
  readonly replyTopic: string;
  readonly #waiting = new Map<string, Waiter>();
  readonly #outbox: BusOutbox;
  #unsubscribe: (() => void) | undefined;
  #sequence = 0;

  constructor(
    private readonly bus: Bus,
    private readonly instanceId: string,
    private readonly maxWaiting: number,
  ) {
    this.replyTopic = `units:reply:${instanceId}`;
    this.#outbox = new BusOutbox(bus);
  }

  get waiting(): number {
    return this.#waiting.size;
  }

  /** Follows the reply topic; idempotent (the first forward calls it too). */
  listen(): void {
    this.#unsubscribe ??= this.bus.subscribe(this.replyTopic, (message) => this.#heard(message));
  }

  /** Sends the command to `owner` and waits for its answer. */
  async request(
    unitId: string,
    owner: string,
    command: unknown,
    timeoutMs: number,
    take = false,
  ): Promise<ForwardOutcome> {
    if (this.#waiting.size >= this.maxWaiting) return { outcome: 'busy' };
    this.listen();
    this.#sequence += 1;
    const rid = `${this.instanceId}:${this.#sequence}`;
    const request: UnitRequest = {
      rid,
      replyTo: this.replyTopic,
      unitId,
      command,
      deadlineAtMs: Date.now() + timeoutMs,
      ...(take ? { take } : {}),
    };
    const answered = new Promise<ForwardOutcome>((resolve) => {
      const timer = setTimeout(() => this.#settle(rid, { outcome: 'timeout' }), timeoutMs);
      this.#waiting.set(rid, { unitId, owner, resolve, timer });
    });
    try {
      await this.#outbox.send(requestTopic(owner), JSON.stringify(request));
    } catch {
      this.#settle(rid, { outcome: 'timeout' }); // not sent: no owner can answer it
    }
    return answered;
  }

  /**
   * `owner` gave the unit up after answering all it had accepted: a command to it still unanswered
   * never ran there and never will, so it is asked again (maybe of the new owner) instead of timing out.
   */
  abandon({ unitId, owner }: UnitReleased): void {
    for (const [rid, waiter] of [...this.#waiting]) {
      if (waiter.unitId === unitId && waiter.owner === owner)
        this.#settle(rid, { rid, outcome: 'not_owner' });
    }
  }

  /** Answers every waiting request as timed out (the instance is closing). */
  close(): void {
    for (const rid of [...this.#waiting.keys()]) this.#settle(rid, { outcome: 'timeout' });
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #heard(message: string): void {
    for (const item of readItems(message)) {
      const reply = item as Partial<UnitReply> | null;
      if (typeof reply?.rid === 'string') this.#settle(reply.rid, reply as UnitReply);
    }
  }

  #settle(rid: string, outcome: ForwardOutcome): void {
    const waiter = this.#waiting.get(rid);
    if (!waiter) return; // late: the caller already had its timeout
    this.#waiting.delete(rid);
    clearTimeout(waiter.timer);
    waiter.resolve(outcome);
  }
}

/** A release announcement, or null when the message is not one. */
export function readReleased(message: string): UnitReleased | null {
  try {
    const value = JSON.parse(message) as Partial<UnitReleased> | null;
    if (!value || typeof value.unitId !== 'string' || typeof value.owner !== 'string') return null;
    return {
      unitId: value.unitId,
      owner: value.owner,
      ...(value.handover === true ? { handover: true } : {}),
    };
  } catch {
    return null;
  }
}

/** The requests a message carries, one or a batch; what is not a request is left out. */
export function readRequests(message: string): UnitRequest[] {
  return readItems(message).filter(isRequest);
}

function isRequest(item: unknown): item is UnitRequest {
  const value = item as Partial<UnitRequest> | null;
  if (!value || typeof value.rid !== 'string' || typeof value.replyTo !== 'string') return false;
  return typeof value.unitId === 'string' && typeof value.deadlineAtMs === 'number';
}
