import { defaultStakeButtons, stakeButtonsSchema, type StakeButtons } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

/** The player's saved presets, or the spec's defaults when they never saved any. */
export async function readStakeButtons(sql: Sql, userId: string): Promise<StakeButtons> {
  const [row] = await sql.query<{ game: unknown; casino: unknown }>(
    'SELECT game, casino FROM stake_buttons WHERE user_id = $1',
    [userId],
  );
  if (!row) return defaultStakeButtons();
  // Stored rows were validated on the way in; parsing again guards against hand edits.
  const parsed = stakeButtonsSchema.safeParse(row);
  return parsed.success ? parsed.data : defaultStakeButtons();
}

export async function saveStakeButtons(sql: Sql, userId: string, buttons: StakeButtons): Promise<void> {
  await sql.query(
    `INSERT INTO stake_buttons (user_id, game, casino) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET game = EXCLUDED.game, casino = EXCLUDED.casino, updated_at = now()`,
    [userId, JSON.stringify(buttons.game), JSON.stringify(buttons.casino)],
  );
}
