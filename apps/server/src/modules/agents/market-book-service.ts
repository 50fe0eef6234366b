import type { MarketBook, MarketBookQuery } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { parseIfWins, readPlayerResults, type PlayerResults } from '../exchange/index.ts';
import type { Caller } from './agents-service.ts';
import { readDirectAgents } from './bettor-agents.ts';
import {
  playersUnder,
  readCallerPart,
  readChainParts,
  readSubtreeParts,
  type Chain,
} from './market-book-repo.ts';
import { viewedAgent } from './viewed-agent.ts';

const FULL_BASIS_POINTS = 10_000;

const FULL = BigInt(FULL_BASIS_POINTS);

/**
 * An agent's part of a player's result `r` (minor units): −r at its part, rounded toward zero, so a
 * remainder of a minor unit stays with the house (docs/decisions/0289).
 */
export const agentPart = (r: bigint, part: number | bigint) => (-r * BigInt(part)) / FULL;

/**
 * The house's part of a player's result: all of −r less the part of each agent of its chain (`parts`,
 * readChainParts'), each rounded as agentPart rounds it.
 */
export function housePart(r: bigint, parts: readonly bigint[]): bigint {
  const lost = -r;
  let rest = lost;
  for (const part of parts) rest -= (lost * part) / FULL;
  return rest;
}

/** Per runner, the players' result if it wins and the account's part of it, in minor units. */
export type Sums = { runners: PlayerResults['runners']; subtree: bigint[]; own: bigint[] };

/**
 * The market's book for one account (docs/decisions/0289): the subtree's players' result if each runner
 * wins, and the caller's part of it (docs/decisions/0316). `accountId` defaults to a calling agent, to
 * the house for staff; an account outside the caller's subtree answers 404, as does an unknown market.
 */
export async function marketBook(
  sql: Sql,
  caller: Caller,
  marketId: string,
  query: MarketBookQuery,
): Promise<Result<MarketBook>> {
  const viewed = await viewedAgent(sql, caller, query.accountId);
  if (!viewed.ok) return viewed;
  const accountId = viewed.value;
  const sums =
    accountId === null
      ? await houseSums(sql, marketId)
      : await agentSums(
          sql,
          marketId,
          accountId,
          SCOPED_AGENTS_AT_MOST,
          await viewerOf(sql, caller, accountId),
        );
  if (!sums) return reject('not_found', 'UNKNOWN_MARKET', 'There is no such market.');
  return ok({
    runners: sums.runners.map((runner, index) => ({
      ...runner,
      subtreeIfWins: formatMinor(sums.subtree[index]!),
      ownShareIfWins: formatMinor(sums.own[index]!),
    })),
  });
}

/**
 * Whose part of an agent's book `own` sums: the agent's own; an agent above it, which takes the same
 * part (basis points) of every player under it; or the house, staff viewing an agent.
 */
export type BookViewer = 'self' | 'house' | { part: number };

/** The caller's place when viewing `accountId` (docs/decisions/0316, as 0313 for the P/L report). */
async function viewerOf(sql: Sql, caller: Caller, accountId: string): Promise<BookViewer> {
  if (!caller.isAgent) return 'house';
  if (caller.id === accountId) return 'self';
  // viewedAgent has found the account below the caller, so the walk up meets the caller.
  return { part: (await readCallerPart(sql, caller.id, accountId)) ?? 0 };
}

/** The viewer's part of one result of a player under an agent of the subtree. */
type Split = (r: bigint) => bigint;

/** One split per distinct key (a part, a chain), so players split alike are counted together. */
function memo<K>(make: (key: K) => Split): (key: K) => Split {
  const made = new Map<K, Split>();
  return (key) => {
    let split = made.get(key);
    if (!split) made.set(key, (split = make(key)));
    return split;
  };
}

/**
 * The house's split of the results of a player under an agent with this chain (none: the house's own),
 * one per chain of one read of the tree.
 */
const houseSplits = () => memo((chain: Chain) => (r: bigint) => housePart(r, chain));

const NO_AGENTS: Chain = [];

/**
 * Each agent's split of its players' results for the viewer: `parts` the viewed account's (its walk
 * down), `chains` every agent's chain from the top (the house's, read only when the house views).
 */
function splitsFor(
  viewer: BookViewer,
  parts: Map<string, number>,
  chains: Map<string, Chain> | null,
): (agentId: string) => Split | undefined {
  if (viewer === 'self') {
    const atPart = memo((part: number) => (r: bigint) => agentPart(r, part));
    return (agentId) => {
      const part = parts.get(agentId);
      return part === undefined ? undefined : atPart(part);
    };
  }
  if (viewer === 'house') {
    const houseSplit = houseSplits();
    return (agentId) => {
      const chain = parts.has(agentId) ? chains?.get(agentId) : undefined;
      return chain && houseSplit(chain);
    };
  }
  const above: Split = (r) => agentPart(r, viewer.part);
  return (agentId) => (parts.has(agentId) ? above : undefined);
}

/**
 * Past this many agents, a subtree's players likely outnumber a busy market's bettors (the bench's
 * level-2 agent has 213 agents over 13,000 players, its level-1 agent 853 over 52,000; the market 10,000
 * bettors): reading every bettor, whose agent this instance keeps, is then the cheaper way.
 */
export const SCOPED_AGENTS_AT_MOST = 256;

/**
 * An agent's book (docs/decisions/0311): the walk down its subtree gives its agents (and its part of the
 * players under each); a subtree of a few hundred agents at most has only its players' results read,
 * each tagged with its agent, a larger one every bettor's, kept when its agent is of the subtree. `own`
 * is the viewer's part of them (docs/decisions/0316), the account's own by default.
 */
export async function agentSums(
  sql: Sql,
  marketId: string,
  accountId: string,
  scopedAgentsAtMost = SCOPED_AGENTS_AT_MOST,
  viewer: BookViewer = 'self',
): Promise<Sums | null> {
  const parts = await readSubtreeParts(sql, accountId);
  const scoped = parts.size <= scopedAgentsAtMost;
  // The tree is read after the subtree, so it holds every agent of it.
  const [results, chains] = await Promise.all([
    readPlayerResults(sql, marketId, scoped ? playersUnder([...parts.keys()]) : undefined),
    viewer === 'house' ? readChainParts(sql) : null,
  ]);
  if (!results) return null;
  const agentOf = scoped
    ? results.players.map((player) => player.tag!)
    : await readDirectAgents(
        sql,
        results.players.map((player) => player.playerId),
      );
  const splitOf = splitsFor(viewer, parts, chains);
  const tally = new Tally();
  results.players.forEach((player, at) => {
    const agent = agentOf[at];
    const split = typeof agent === 'string' ? splitOf(agent) : undefined;
    if (split) tally.add(split, player.ifWins);
  });
  return tally.sums(results.runners);
}

/**
 * The house's book: every bettor that is a player, the house's part of each after its chain's agents.
 * The tree is read alongside the results; read again in the rare case a bettor's agent is newer.
 */
async function houseSums(sql: Sql, marketId: string): Promise<Sums | null> {
  const [results, chainParts] = await Promise.all([readPlayerResults(sql, marketId), readChainParts(sql)]);
  if (!results) return null;
  const agentOf = await readDirectAgents(
    sql,
    results.players.map((player) => player.playerId),
  );
  const newer = agentOf.some((agent) => typeof agent === 'string' && !chainParts.has(agent));
  const tree = newer ? await readChainParts(sql) : chainParts;
  const [tally, houseSplit] = [new Tally(), houseSplits()];
  results.players.forEach((player, at) => {
    const agent = agentOf[at];
    if (agent === false || agent === undefined) return;
    tally.add(houseSplit(agent === null ? NO_AGENTS : (tree.get(agent) ?? NO_AGENTS)), player.ifWins);
  });
  return tally.sums(results.runners);
}

/**
 * Players counted by split and result: a market's stakes and prices repeat, so its bettors share few
 * results, each then parsed and split once and multiplied by its count (as a settlement's plan does,
 * docs/decisions/0298), the same sums as player by player (docs/decisions/0316).
 */
class Tally {
  private readonly counts = new Map<Split, Map<string, number>>();

  add(split: Split, ifWins: string): void {
    let results = this.counts.get(split);
    if (!results) this.counts.set(split, (results = new Map()));
    results.set(ifWins, (results.get(ifWins) ?? 0) + 1);
  }

  sums(runners: PlayerResults['runners']): Sums {
    const sums: Sums = { runners, subtree: runners.map(() => 0n), own: runners.map(() => 0n) };
    for (const [split, results] of this.counts) {
      for (const [ifWins, count] of results) {
        const players = BigInt(count);
        parseIfWins(ifWins).forEach((r, index) => {
          sums.subtree[index]! += r * players;
          sums.own[index]! += split(r) * players;
        });
      }
    }
    return sums;
  }
}
