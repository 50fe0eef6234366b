import { DEFAULT_REALITY_CHECK_MINUTES, type RealityCheck } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { transaction } from '../../platform/transaction.ts';
import { lockBreaks, recordChange } from './breaks-repo.ts';

type Minutes = RealityCheck['minutes'];

/** The player's reality-check interval; a player who never chose one has the default. */
export async function readRealityCheckMinutes(db: Database, playerId: string): Promise<number> {
  const [row] = await db.query<{ reality_check_minutes: number }>(
    'SELECT reality_check_minutes FROM player_protection WHERE player_id = $1',
    [playerId],
  );
  return row?.reality_check_minutes ?? DEFAULT_REALITY_CHECK_MINUTES;
}

/** Sets the interval under the player's protection lock; a change (not a repeat) enters the history. */
export async function saveRealityCheckMinutes(
  db: Database,
  playerId: string,
  minutes: Minutes,
  nowMs: number,
): Promise<void> {
  await transaction(db, async (tx) => {
    await lockBreaks(tx, playerId);
    const [row] = await tx.query<{ reality_check_minutes: number }>(
      'SELECT reality_check_minutes FROM player_protection WHERE player_id = $1',
      [playerId],
    );
    const before = row?.reality_check_minutes ?? DEFAULT_REALITY_CHECK_MINUTES;
    if (before === minutes) return;
    await tx.query('UPDATE player_protection SET reality_check_minutes = $2 WHERE player_id = $1', [
      playerId,
      minutes,
    ]);
    const change = {
      actor: 'player',
      action: 'reality check',
      before: { minutes: before },
      after: { minutes },
    };
    await recordChange(tx, playerId, change, nowMs);
  });
}
