import type { Bus } from '../../lib/bus.ts';

export const MEMBERS_TOPIC = 'units:members';

/** What an instance says on MEMBERS_TOPIC: alive (every beat), or leaving for good (a graceful stop). */
type Heartbeat = { instance: string; name?: string; leaving?: boolean; joining?: boolean };

export type MembersOptions = {
  /** What time it is, in ms (default performance.now()): tests move it by hand. */
  clock?: () => number;
  /** This instance's name, said in every beat (pins name instances). */
  selfName?: string;
};

/**
 * The instances whose unit routers are alive, from the heartbeats each publishes on the bus
 * (docs/decisions/0305): what units are placed over. A newcomer's first beat is answered at once by
 * everyone, so it knows the others within a round trip; one not heard for three beats is gone.
 */
export class Members {
  /** Instance → when first and last heard (performance.now()), since it was last missing. */
  readonly #heard = new Map<string, { firstMs: number; lastMs: number; name?: string }>();
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;

  private readonly now: () => number;
  /** This instance's name, said in every beat (pins name instances). */
  readonly selfName: string | undefined;

  constructor(
    private readonly bus: Bus,
    readonly self: string,
    readonly beatEveryMs: number,
    options: MembersOptions = {},
  ) {
    this.now = options.clock ?? (() => performance.now());
    this.selfName = options.selfName;
  }

  /** The name an instance said in its beats, if any. */
  nameOf(instance: string): string | undefined {
    return instance === this.self ? this.selfName : this.#heard.get(instance)?.name;
  }

  /** Starts beating and listening; idempotent. */
  join(): void {
    if (this.#timer) return;
    this.#unsubscribe = this.bus.subscribe(MEMBERS_TOPIC, (message) => this.#hear(message));
    this.#beat({ joining: true });
    this.#timer = setInterval(() => this.#beat({}), this.beatEveryMs);
    this.#timer.unref();
  }

  /** Says this instance is leaving, so nothing more is placed on it, and stops beating. */
  async leave(): Promise<void> {
    if (!this.#timer) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#heard.clear();
    await this.bus.publish(MEMBERS_TOPIC, JSON.stringify({ instance: this.self, leaving: true }));
  }

  /** This instance and every other heard within three beats (and for `steadyMs`, when given), sorted. */
  live(steadyMs = 0): string[] {
    const nowMs = this.now();
    const live = [this.self];
    for (const [instance, heard] of this.#heard) {
      if (nowMs - heard.lastMs > 3 * this.beatEveryMs) this.#heard.delete(instance);
      else if (nowMs - heard.firstMs >= steadyMs) live.push(instance);
    }
    return live.sort();
  }

  #hear(message: string): void {
    const heartbeat = readHeartbeat(message);
    if (!heartbeat || heartbeat.instance === this.self) return;
    if (heartbeat.leaving) return void this.#heard.delete(heartbeat.instance);
    const nowMs = this.now();
    const known = this.#heard.get(heartbeat.instance);
    const name = typeof heartbeat.name === 'string' ? heartbeat.name : undefined;
    if (known && nowMs - known.lastMs <= 3 * this.beatEveryMs) Object.assign(known, { lastMs: nowMs, name });
    else this.#heard.set(heartbeat.instance, { firstMs: nowMs, lastMs: nowMs, name });
    if (heartbeat.joining) this.#beat({});
  }

  #beat(flags: Pick<Heartbeat, 'joining'>): void {
    const heartbeat: Heartbeat = {
      instance: this.self,
      ...(this.selfName ? { name: this.selfName } : {}),
      ...flags,
    };
    // Best effort: a lost beat is one of three before anyone counts this instance gone.
    this.bus.publish(MEMBERS_TOPIC, JSON.stringify(heartbeat)).catch(() => {});
  }
}

function readHeartbeat(message: string): Heartbeat | null {
  try {
    const value = JSON.parse(message) as Partial<Heartbeat> | null;
    return value && typeof value.instance === 'string' ? (value as Heartbeat) : null;
  } catch {
    return null;
  }
}
