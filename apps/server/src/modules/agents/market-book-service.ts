import type { MarketBook, MarketBookQuery } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { readPlayerResults } from '../exchange/index.ts';
import type { Caller } from './agents-service.ts';
import { readChains, type ChainLink } from './market-book-repo.ts';
import { viewedAgent } from './viewed-agent.ts';

const FULL_BASIS_POINTS = 10_000;

/**
 * The account's part of a player's book, in basis points, or null when the player is not in its
 * subtree. The house (null) keeps what the top agent does not take; an agent its share less the share of
 * its child on the player's path (none: the player is its own).
 */
export function ownPartBasisPoints(chain: ChainLink[], accountId: string | null): number | null {
  if (accountId === null) return FULL_BASIS_POINTS - (chain[0]?.shareBasisPoints ?? 0);
  const at = chain.findIndex((link) => link.agentId === accountId);
  if (at < 0) return null;
  return chain[at]!.shareBasisPoints - (chain[at + 1]?.shareBasisPoints ?? 0);
}

/**
 * An agent's part of a player's result `r` (minor units): −r at its part, rounded toward zero, so a
 * remainder of a minor unit stays with the house (docs/decisions/0289).
 */
export const agentPart = (r: bigint, part: number) => (-r * BigInt(part)) / BigInt(FULL_BASIS_POINTS);

/**
 * The house's part of a player's result: all of −r less what the chain's agents take, each rounded as
 * agentPart rounds it.
 */
export function housePart(r: bigint, chain: ChainLink[]): bigint {
  const taken = chain.reduce(
    (sum, link, index) =>
      sum + agentPart(r, link.shareBasisPoints - (chain[index + 1]?.shareBasisPoints ?? 0)),
    0n,
  );
  return -r - taken;
}

/**
 * The market's book for one account (docs/decisions/0289): the subtree's players' result if each runner
 * wins, and the account's part of it. `accountId` defaults to a calling agent, to the house for staff;
 * an account outside the caller's subtree answers 404, as does an unknown market.
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
  const results = await readPlayerResults(sql, marketId);
  if (!results) return reject('not_found', 'UNKNOWN_MARKET', 'There is no such market.');
  const chains = await readChains(
    sql,
    results.players.map((player) => player.playerId),
  );
  const subtree = results.runners.map(() => 0n);
  const own = results.runners.map(() => 0n);
  for (const player of results.players) {
    const chain = chains.get(player.playerId);
    const part = chain && ownPartBasisPoints(chain, accountId);
    if (!chain || part === null || part === undefined) continue;
    player.ifWinsMinor.forEach((r, index) => {
      subtree[index]! += r;
      own[index]! += accountId === null ? housePart(r, chain) : agentPart(r, part);
    });
  }
  return ok({
    runners: results.runners.map((runner, index) => ({
      ...runner,
      subtreeIfWins: formatMinor(subtree[index]!),
      ownShareIfWins: formatMinor(own[index]!),
    })),
  });
}
