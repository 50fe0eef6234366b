import type { Sql } from '../../db/database.ts';
import { marketExists, readRunnersInOrder, sportsTables } from '../sports/index.ts';
import { playerResultsCte } from './positions.ts';

/** Each player's result if each runner wins, in minor units, in the order of `runners`. */
export type PlayerResults = {
  runners: { id: string; name: string }[];
  /**
   * `tag`: the scope's, when read with one. `ifWins`: the amounts as sent (`-1000,2500`), which
   * parseIfWins reads: players with the same result can be counted by it and parsed once.
   */
  players: { playerId: string; tag?: string; ifWins: string }[];
};

/**
 * Some players only: `players`, a query of `(player_id text, tag text)` rows, one a player, whose
 * parameters are `params` as $2, $3, …
 */
export type PlayerScope = { players: string; params: unknown[] };

/**
 * Every player's result on a runner market if each runner wins, as the position book reckons it
 * (docs/decisions/0238), for all players at once (the position book lists only the largest), or for
 * those of `scope`; one statement over the market's bets. `null` for a market that does not exist.
 */
export async function readPlayerResults(
  sql: Sql,
  marketId: string,
  scope?: PlayerScope,
): Promise<PlayerResults | null> {
  const runners = await readRunnersInOrder(sql, marketId);
  if (runners.length === 0) return (await marketExists(sql, marketId)) ? { runners: [], players: [] } : null;
  const columns = runners.map((_, index) => `w${index + 1} - net`).join(', ');
  const rows = await sql.query<{ player_id: string; tag?: string; if_wins: string }>(
    `${playerResultsCte(runners.length, scope?.players)}
     SELECT player_id, ${scope ? 'tag, ' : ''}concat_ws(',', ${columns}) AS if_wins FROM player`,
    [marketId, ...(scope?.params ?? [])],
  );
  return {
    runners: runners.map((runner) => ({ id: runner.runner_id, name: runner.name })),
    players: rows.map((row) => ({
      playerId: row.player_id,
      ...(row.tag !== undefined && { tag: row.tag }),
      ifWins: row.if_wins,
    })),
  };
}

/** A player's result if each runner wins, in minor units, from PlayerResults' `ifWins`. */
export const parseIfWins = (ifWins: string): bigint[] => ifWins.split(',').map((amount) => BigInt(amount));

/**
 * The distinct bettors of the markets open or suspended now, `atMost` of them: whose agents the market
 * book learns ahead (docs/decisions/0319). One read of the bets by market, through its index.
 */
export async function readOpenBettors(sql: Sql, atMost: number): Promise<string[]> {
  const [row] = await sql.query<{ ids: string | null }>(
    `SELECT string_agg(player_id, ',') AS ids FROM (
       SELECT DISTINCT b.player_id FROM ${sportsTables.markets} m JOIN bets b ON b.market_id = m.id
        WHERE m.status IN ('OPEN', 'SUSPENDED') LIMIT $1
     ) bettors`,
    [atMost],
  );
  return row?.ids ? row.ids.split(',') : [];
}
