import type { Sql } from '../../db/database.ts';
import { BREAK_COLUMNS, type BreaksRow } from './breaks.ts';
import type { Standing } from './rules.ts';

export type StandingRow = BreaksRow & {
  status: Standing['status'] | null;
  bet_locked: boolean | null;
  max_stake_minor: bigint | string | null;
};

export type PlayerRow = StandingRow & {
  balance_minor: bigint | string | null;
  loss_floor_minor: bigint | string | null;
};

/**
 * A standing's columns: the player's row (`u`) and breaks (`p`). Breaks from play are read with the
 * status (docs/decisions/0232); users has no columns of that name. `betLocked` is SQL over `u` saying
 * whether the player's betting is locked: their own lock, and the composition adds the locks of the
 * agents above them (docs/decisions/0290), read in the same statement and held like the rest.
 */
export const standingColumns = (betLocked = 'u.bet_locked') =>
  `u.status, ${betLocked} AS bet_locked, u.max_stake_minor, ${BREAK_COLUMNS}`;

export const STANDING_COLUMNS = standingColumns();

/**
 * What the gate reads. The rows are the auth, protection and wallet modules', which all stand on this
 * one, so the composition gives the reads (docs/decisions/0266); each is one statement.
 */
export interface StandingReads {
  /** The player's standing with their cash and loss floor; a row of nulls for no such player. */
  player(sql: Sql, playerId: string): Promise<PlayerRow | undefined>;
  /** The standings of the players that exist among `playerIds`. */
  standings(sql: Sql, playerIds: readonly string[]): Promise<(StandingRow & { id: string })[]>;
}
