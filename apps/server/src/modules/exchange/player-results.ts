import type { Sql } from '../../db/database.ts';
import { marketExists, readRunnersInOrder } from '../sports/index.ts';
import { playerResultsCte } from './positions.ts';

/** Each player's result if each runner wins, in minor units, in the order of `runners`. */
export type PlayerResults = {
  runners: { id: string; name: string }[];
  players: { playerId: string; ifWinsMinor: bigint[] }[];
};

/**
 * Every player's result on a runner market if each runner wins, as the position book reckons it
 * (docs/decisions/0238), for all players at once (the position book lists only the largest); one
 * statement over the market's bets. `null` for a market that does not exist.
 */
export async function readPlayerResults(sql: Sql, marketId: string): Promise<PlayerResults | null> {
  const runners = await readRunnersInOrder(sql, marketId);
  if (runners.length === 0) return (await marketExists(sql, marketId)) ? { runners: [], players: [] } : null;
  const columns = runners.map((_, index) => `w${index + 1} - net`).join(', ');
  const rows = await sql.query<{ player_id: string; if_wins: string }>(
    `${playerResultsCte(runners.length)} SELECT player_id, concat_ws(',', ${columns}) AS if_wins FROM player`,
    [marketId],
  );
  return {
    runners: runners.map((runner) => ({ id: runner.runner_id, name: runner.name })),
    players: rows.map((row) => ({
      playerId: row.player_id,
      ifWinsMinor: row.if_wins.split(',').map((amount) => BigInt(amount)),
    })),
  };
}
