import type { Bus } from '../../lib/bus.ts';

/**
 * Bus topic on which every instance hears that what admits a player's stakes changed (status today;
 * limits and exclusions later). Carries the player's id; each gate forgets what it held of them.
 */
export const PLAYER_STANDING_TOPIC = 'players:standing';

/** Sent after the change has committed, so a gate that reads again sees it. Best-effort, like the bus. */
export async function announceStandingChange(bus: Bus, playerId: string): Promise<void> {
  await bus.publish(PLAYER_STANDING_TOPIC, playerId);
}
