import type { Result } from '../rejections.ts';
import { UnitQueue } from './unit-queue.ts';
import { isDeferred, unitNotFound, unitUnavailable, type AnyUnitKind, type Deferred } from './types.ts';

/**
 * A unit this instance owns: its command queue, its state once loaded and how long the lease is known
 * to hold. A command starts only while the lease holds, so after a lost lease nothing more runs here.
 */
export class OwnedUnit {
  readonly queue: UnitQueue;
  /** performance.now() before which the lease certainly holds (renewal time + TTL − margin). */
  validUntilMs: number;
  lastCommandAtMs: number;
  #unit: unknown;
  #loaded = false;
  #retired = false;
  #givenBack = false;
  readonly #later = new Set<Promise<Result<unknown>>>();

  constructor(
    readonly unitId: string,
    readonly kind: AnyUnitKind,
    maxQueued: number,
    validUntilMs: number,
    /** Called once when load found no such unit or the unit ended, so the router gives the lease back. */
    private readonly onDone: (owned: OwnedUnit) => void,
    /** Until when this instance's heartbeat certainly keeps every lease it holds (docs/decisions/0307). */
    private readonly alive: { readonly untilMs: number } = { untilMs: Infinity },
  ) {
    this.queue = new UnitQueue(maxQueued);
    this.validUntilMs = validUntilMs;
    this.lastCommandAtMs = performance.now();
  }

  get retired(): boolean {
    return this.#retired;
  }

  holds(nowMs = performance.now()): boolean {
    return !this.#retired && nowMs < this.validUntilMs && nowMs < this.alive.untilMs;
  }

  /** Queues a command; null when the queue is full. `deadlineAtMs` (wall clock): the caller's patience. */
  submit(command: unknown, deadlineAtMs?: number): Promise<Result<unknown>> | null {
    this.lastCommandAtMs = performance.now();
    const running = this.queue.push(() => this.#execute(command, deadlineAtMs));
    // The queue moves on once a deferred answer is handed back; the caller waits for the answer itself.
    return (
      running && running.then((outcome) => (isDeferred(outcome) ? this.#awaited(outcome.later) : outcome))
    );
  }

  /** Loads the unit now (a hosted unit with no command yet); errors are the caller's to log. */
  warm(): Promise<unknown> | null {
    return this.queue.push(() => this.#load());
  }

  /**
   * Stops taking commands and ends the unit. `drain`: the commands already queued run first (a
   * graceful stop); otherwise (a lost lease) they answer UNIT_UNAVAILABLE without running.
   */
  async retire(drain: boolean): Promise<void> {
    if (!drain) this.#retired = true;
    await this.queue.idle();
    this.#retired = true;
    // Its effects durable before another instance may load the unit from the database.
    await Promise.allSettled([...this.#later]);
    if (this.#loaded) await this.kind.unload?.(this.#unit, this.unitId);
    this.#loaded = false;
  }

  async #execute(
    command: unknown,
    deadlineAtMs: number | undefined,
  ): Promise<Result<unknown> | Deferred<unknown>> {
    if (!this.holds()) return unitUnavailable();
    if (deadlineAtMs !== undefined && Date.now() > deadlineAtMs) return unitUnavailable();
    if (!(await this.#load())) return unitNotFound();
    // The load may have taken long enough for the lease to lapse.
    if (!this.holds()) return unitUnavailable();
    try {
      const outcome = await this.kind.handle(this.#unit, command, this.unitId);
      if (this.kind.ended?.(this.#unit)) this.#giveBack();
      return outcome;
    } catch (error) {
      // The in-memory state may be half-changed: rebuild it from the database before the next command.
      this.#loaded = false;
      await this.kind.unload?.(this.#unit, this.unitId);
      throw error;
    }
  }

  /** A deferred answer, kept until it settles: the unit's last effects are written by then. */
  #awaited(later: Promise<Result<unknown>>): Promise<Result<unknown>> {
    this.#later.add(later);
    void later.finally(() => this.#later.delete(later)).catch(() => {});
    return later;
  }

  /** Once: every later command queued here runs before the unload, so a second call has nothing to add. */
  #giveBack(): void {
    if (this.#givenBack) return;
    this.#givenBack = true;
    this.onDone(this);
  }

  async #load(): Promise<boolean> {
    if (this.#loaded) return true;
    const unit = await this.kind.load(this.unitId);
    if (unit === null) {
      this.#giveBack();
      return false;
    }
    this.#unit = unit;
    this.#loaded = true;
    return true;
  }
}
