import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import type { PlayerScope } from '../exchange/index.ts';

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/;

/** What is known of a bettor: its direct agent, null for a house player, false for no player. */
type Parent = string | null | false;

/**
 * Bettors already looked up. A player's agent is set when the player is created and never changes
 * (assignPlayer), and an id's role never changes either, so this instance may keep them: the market
 * book then reads per bettor only once. Cleared whole past a bound, to hold memory to a few megabytes.
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

/** An agent's chain from the top: each agent's part in basis points (see readChainParts). */
export type Chain = readonly bigint[];

/**
 * Every agent's chain as the house's book splits a player's result under it: the parts in basis points
 * of the agents from the top (level 1) down to it, each its share less that of its child on the way, its
 * own share last (docs/decisions/0289). One walk down the whole tree, whose agents number in thousands.
 * Agents with the same parts share one array, so a book splits each result once per distinct chain.
 */
export async function readChainParts(sql: Sql): Promise<Map<string, Chain>> {
  const rows = await sql.query<{ agent_id: string; parts: string }>(
    `WITH RECURSIVE tree (id, share_bp, parts) AS (
       SELECT user_id, share_bp, ARRAY[]::integer[] FROM agents WHERE parent_id IS NULL
       UNION ALL
       SELECT c.user_id, c.share_bp, tree.parts || (tree.share_bp - c.share_bp)
         FROM agents c JOIN tree ON c.parent_id = tree.id
     )
     SELECT id::text AS agent_id, array_to_string(parts || share_bp, ',') AS parts FROM tree`,
  );
  const chains = new Map<string, Chain>();
  const byAgent = new Map<string, Chain>();
  for (const row of rows) {
    let chain = chains.get(row.parts);
    if (!chain) chains.set(row.parts, (chain = row.parts.split(',').map((part) => BigInt(part))));
    byAgent.set(row.agent_id, chain);
  }
  return byAgent;
}

/**
 * The agents of `accountId`'s subtree, itself included, each with the account's part in basis points of
 * the results of the players directly under it (docs/decisions/0289): its share less that of its child
 * on the way down, all of it for its own players. One walk down the agents, a few hundred rows at most.
 */
export async function readSubtreeParts(sql: Sql, accountId: string): Promise<Map<string, number>> {
  const rows = await sql.query<{ agent_id: string; part: number }>(
    `WITH RECURSIVE sub (id, part) AS (
       SELECT user_id, share_bp FROM agents WHERE user_id = $1
       UNION ALL
       SELECT c.user_id, CASE WHEN sub.id = $1 THEN sub.part - c.share_bp ELSE sub.part END
         FROM agents c JOIN sub ON c.parent_id = sub.id
     )
     SELECT id::text AS agent_id, part FROM sub`,
    [accountId],
  );
  return new Map(rows.map((row) => [row.agent_id, Number(row.part)]));
}

/**
 * The part in basis points that `callerId` takes of the results of the players under `accountId`, an
 * agent below it (docs/decisions/0313): the caller's share less that of its child on the way down to the
 * account. A walk up from the account, six rows at most; null when the caller is not above it.
 */
export async function readCallerPart(sql: Sql, callerId: string, accountId: string): Promise<number | null> {
  const [row] = await sql.query<{ part: number }>(
    `WITH RECURSIVE up (id, parent_id, share_bp) AS (
       SELECT user_id, parent_id, share_bp FROM agents WHERE user_id = $2
       UNION ALL
       SELECT a.user_id, a.parent_id, a.share_bp FROM agents a JOIN up ON a.user_id = up.parent_id
        WHERE up.parent_id <> $1
     )
     SELECT caller.share_bp - up.share_bp AS part
       FROM up JOIN agents caller ON caller.user_id = up.parent_id WHERE up.parent_id = $1`,
    [callerId, accountId],
  );
  return row ? Number(row.part) : null;
}

/**
 * The players directly under the given agents, each tagged with its agent: found through the index of
 * agent_players by agent, so a market book reads only its subtree's bettors, not every bettor's chain.
 */
export const playersUnder = (agentIds: string[]): PlayerScope => ({
  players: `SELECT ap.player_id::text AS player_id, ap.parent_id::text AS tag
              FROM agent_players ap WHERE ap.parent_id = ANY ($2::uuid[])`,
  params: [agentIds],
});
