import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { readOpenBettors } from '../exchange/index.ts';

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/;

/** What is known of a bettor: its direct agent, null for a house player, false for no player. */
type Parent = string | null | false;

/**
 * Bettors already looked up. A player's agent is set when the player is created and never changes
 * (assignPlayer), and an id's role never changes either, so this instance may keep them: the market
 * book then reads per bettor only once. Filled ahead too (docs/decisions/0319): with the open markets'
 * bettors when the instance starts and with each player created here, so the house's first book on an
 * instance finds them known. Cleared whole past a bound, to hold memory to a few megabytes.
 */
const knownParents = new Map<string, Parent>();
const MAX_KNOWN_PARENTS = 200_000;

/**
 * Each bettor's direct agent, in the order of `bettorIds`: null for a house player, false for an id that
 * is no player's (the market maker's, staff's); read once per bettor and instance (see knownParents).
 */
export async function readDirectAgents(sql: Sql, bettorIds: string[]): Promise<Parent[]> {
  // undefined: not looked up yet (null, a house player, is a parent too).
  const parents: (Parent | undefined)[] = bettorIds.map((id) => knownParents.get(id));
  const unknown = bettorIds.filter((id, at) => parents[at] === undefined && UUID.test(id));
  if (unknown.length > 0) {
    const learned = await lookUpBettors(sql, unknown);
    if (knownParents.size + unknown.length > MAX_KNOWN_PARENTS) knownParents.clear();
    for (const id of unknown) knownParents.set(id, learned.has(id) ? learned.get(id)! : false);
    bettorIds.forEach((id, at) => {
      if (parents[at] === undefined && learned.has(id)) parents[at] = learned.get(id)!;
    });
  }
  // An id never seen (no uuid) is no player.
  return parents.map((parent) => (parent === undefined ? false : parent));
}

/** A uuid's text: 36 characters. */
const UUID_LENGTH = 36;

/**
 * The players among `ids` (uuids) with their agents, null for the house's. Most bettors of a tree are
 * found in agent_players (whose rows are players'), only the rest among the users. Ten thousand ids go
 * as one text and come back as one, ids back to back: a fraction of the time of an array of each and a
 * row each, which the first book of a busy market on an instance waits for.
 */
async function lookUpBettors(sql: Sql, ids: string[]): Promise<Map<string, string | null>> {
  const [underAgents] = await sql.query<{ pairs: string | null }>(
    `SELECT string_agg(player_id::text || parent_id::text, '') AS pairs
       FROM agent_players WHERE player_id = ANY (string_to_array($1, ',')::uuid[])`,
    [ids.join(',')],
  );
  const learned = new Map<string, string | null>();
  const pairs = underAgents?.pairs ?? '';
  for (let at = 0; at < pairs.length; at += 2 * UUID_LENGTH) {
    learned.set(pairs.slice(at, at + UUID_LENGTH), pairs.slice(at + UUID_LENGTH, at + 2 * UUID_LENGTH));
  }
  const rest = ids.filter((id) => !learned.has(id));
  if (rest.length === 0) return learned;
  const [houses] = await sql.query<{ ids: string | null }>(
    `SELECT string_agg(id::text, '') AS ids FROM ${authTables.users}
      WHERE id = ANY (string_to_array($1, ',')::uuid[]) AND role = 'player'`,
    [rest.join(',')],
  );
  const found = houses?.ids ?? '';
  for (let at = 0; at < found.length; at += UUID_LENGTH) learned.set(found.slice(at, at + UUID_LENGTH), null);
  return learned;
}

/**
 * A player created on this instance, under `agentId` (null: the house's), known from then on without a
 * read. Players created on other instances are read when a book first meets them, as before.
 */
export function learnDirectAgent(playerId: string, agentId: string | null): void {
  if (knownParents.size >= MAX_KNOWN_PARENTS) knownParents.clear();
  knownParents.set(playerId, agentId);
}

/** Half the bound at most, so the books' own reads have room before it clears the cache. */
const LEARNED_AHEAD_AT_MOST = MAX_KNOWN_PARENTS / 2;
/** Ids per read: the size of a busy market's bettors, which readDirectAgents reads in one. */
const IDS_PER_READ = 10_000;

/**
 * Learns the agents of the open and suspended markets' bettors, run in the background when the instance
 * starts, so the house's first book of a busy market reads none of them (docs/decisions/0319). Answers
 * how many bettors it looked at.
 */
export async function learnOpenBettors(sql: Sql): Promise<number> {
  const bettors = await readOpenBettors(sql, LEARNED_AHEAD_AT_MOST);
  for (let at = 0; at < bettors.length; at += IDS_PER_READ) {
    await readDirectAgents(sql, bettors.slice(at, at + IDS_PER_READ));
  }
  return bettors.length;
}
