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
