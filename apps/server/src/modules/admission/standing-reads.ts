import type { Sql } from '../../db/database.ts';
import { BREAK_COLUMNS, type BreaksRow } from './breaks.ts';
import type { Standing } from './rules.ts';

export type StandingRow = BreaksRow & {
  status: Standing['status'] | null;
  bet_locked: boolean | null;
  max_stake_minor: bigint | string | null;
  exposure_limit_minor: bigint | string | null;
  limited_agents: string[] | null;
  locked_markets: string[] | null;
  locked_events: string[] | null;
  /** Sport slug → the least cap in minor units, as text; null: none. */
  max_stake_by_sport: Record<string, string> | null;
};

/** A player's cash, loss floor and holds (exposure), as the wallet's accounts hold them. */
export type MoneyRow = {
  balance_minor: bigint | string | null;
  loss_floor_minor: bigint | string | null;
  hold_minor: bigint | string | null;
};

export type PlayerRow = StandingRow & MoneyRow;

/**
 * SQL over the gate's `u` for what the tree above a player adds to its standing (docs/decisions/0290,
 * 0292, 0300): the bet lock and stake cap with the agents', the exposure limit its agent set, the agents
 * whose subtree exposure is limited, the markets and events locked for it and the least stake cap per
 * sport (a jsonb object of text amounts). The composition gives the agents'.
 */
export type TreeStandingSql = {
  /** Joined after `u` and `p` (a lateral join that walks the tree once), its columns used below. */
  join?: string;
  betLocked: string;
  maxStake: string;
  exposureLimit: string;
  limitedAgents: string;
  lockedMarkets: string;
  lockedEvents: string;
  maxStakeBySport: string;
};

/** A player with no tree above it: its own lock and cap only. */
export const OWN_STANDING_SQL: TreeStandingSql = {
  betLocked: 'u.bet_locked',
  maxStake: 'u.max_stake_minor',
  exposureLimit: 'NULL::bigint',
  limitedAgents: 'NULL::text[]',
  lockedMarkets: 'NULL::text[]',
  lockedEvents: 'NULL::text[]',
  maxStakeBySport: 'NULL::jsonb',
};

/**
 * A standing's columns: the player's row (`u`) and breaks (`p`), with what the tree adds, read in the
 * same statement and held like the rest. Breaks from play are read with the status (docs/decisions/
 * 0232); users has no columns of that name.
 */
export const standingColumns = (tree: TreeStandingSql = OWN_STANDING_SQL) =>
  `u.status, ${tree.betLocked} AS bet_locked, ${tree.maxStake} AS max_stake_minor,
   ${tree.exposureLimit} AS exposure_limit_minor, ${tree.limitedAgents} AS limited_agents,
   ${tree.lockedMarkets} AS locked_markets, ${tree.lockedEvents} AS locked_events,
   ${tree.maxStakeBySport} AS max_stake_by_sport, ${BREAK_COLUMNS}`;

export const STANDING_COLUMNS = standingColumns();

/** What the standing's statement joins after `u` and `p` for the tree's columns. */
export const standingJoin = (tree: TreeStandingSql = OWN_STANDING_SQL) => tree.join ?? '';

/**
 * What the gate reads. The rows are the auth, protection and wallet modules', which all stand on this
 * one, so the composition gives the reads (docs/decisions/0266); each is one statement.
 */
export interface StandingReads {
  /** The player's standing with their cash and loss floor; a row of nulls for no such player. */
  player(sql: Sql, playerId: string): Promise<PlayerRow | undefined>;
  /**
   * The player's cash, loss floor and holds alone: what the gate reads again once its cash is a second
   * old, the standing being held until the bus says it changed. Without it, `player` serves.
   */
  money?(sql: Sql, playerId: string): Promise<MoneyRow | undefined>;
  /** The standings of the players that exist among `playerIds`. */
  standings(sql: Sql, playerIds: readonly string[]): Promise<(StandingRow & { id: string })[]>;
  /** Each agent with an exposure limit, with its subtree's exposure now: one statement for all. */
  subtreeExposures?(sql: Sql): Promise<SubtreeExposureRow[]>;
}

export type SubtreeExposureRow = {
  id: string;
  exposure_limit_minor: bigint | string;
  exposure_minor: bigint | string;
};
