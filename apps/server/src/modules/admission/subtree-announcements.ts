import { randomUUID } from 'node:crypto';
import type { Bus } from '../../lib/bus.ts';
import { BusOutbox, readItems } from '../../platform/units/bus-outbox.ts';
import type { SubtreeExposures } from './subtree-exposure.ts';

/**
 * Bus topic on which each instance tells the others of the stakes it admitted under agents whose
 * subtree's exposure is limited (docs/decisions/0321), so their gates count them at once rather than
 * at their next read of the subtrees.
 */
export const SUBTREE_ADMITTED_TOPIC = 'players:subtree-admitted';

/** One admission as announced: the sender, the limited agents above the player, the amount. */
type Announcement = { from: string; agents: string[]; minor: string };

const isAnnouncement = (item: unknown): item is Announcement => {
  const value = item as Partial<Announcement> | null;
  return (
    typeof value?.from === 'string' &&
    Array.isArray(value.agents) &&
    value.agents.every((id) => typeof id === 'string') &&
    typeof value.minor === 'string' &&
    /^\d{1,18}$/.test(value.minor)
  );
};

/**
 * Sends this instance's admissions under limited agents (a turn's in one message) and counts the
 * other instances' in `subtrees`. Only stakes under a limited agent are announced: most bets send
 * nothing. Best-effort, as the bus is: a lost message is caught up by the next read.
 */
export class SubtreeAnnouncements {
  readonly #from = randomUUID();
  readonly #outbox: BusOutbox;

  constructor(
    bus: Bus,
    private readonly subtrees: SubtreeExposures,
  ) {
    this.#outbox = new BusOutbox(bus);
    bus.subscribe(SUBTREE_ADMITTED_TOPIC, (message) => this.#hear(message));
  }

  announce(agentIds: readonly string[], amountMinor: bigint): void {
    const item: Announcement = { from: this.#from, agents: [...agentIds], minor: amountMinor.toString() };
    this.#outbox.send(SUBTREE_ADMITTED_TOPIC, JSON.stringify(item)).catch(() => {});
  }

  #hear(message: string): void {
    for (const item of readItems(message)) {
      if (!isAnnouncement(item) || item.from === this.#from) continue;
      this.subtrees.admitted(item.agents, BigInt(item.minor));
    }
  }
}
