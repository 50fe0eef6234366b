import type { Bus } from '../../lib/bus.ts';

/**
 * Bus topic on which every instance hears that what admits a player's stakes changed (status today;
 * breaks, and the floors of loss limits). Carries the player's id; each gate forgets what it held of them.
 */
export const PLAYER_STANDING_TOPIC = 'players:standing';

/** Sent after the change has committed, so a gate that reads again sees it. Best-effort, like the bus. */
export async function announceStandingChange(bus: Pick<Bus, 'publish'>, playerId: string): Promise<void> {
  await bus.publish(PLAYER_STANDING_TOPIC, playerId);
}

/**
 * Bus topic on which every instance hears that a lock on an agent changed (docs/decisions/0290): a
 * gate does not know the tree, so it forgets every standing it holds and reads each player again.
 */
export const TREE_STANDING_TOPIC = 'players:standing:tree';

/** Sent after the change has committed, like `announceStandingChange`. */
export async function announceTreeStandingChange(bus: Pick<Bus, 'publish'>): Promise<void> {
  await bus.publish(TREE_STANDING_TOPIC, '');
}
