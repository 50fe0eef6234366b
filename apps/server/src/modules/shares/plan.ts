import { HOUSE_PLAYERS_ROW_ID } from '@backlay/contracts';
import { splitResult } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/** The house's rows of the roll-ups carry the nil uuid as their agent. */
export const HOUSE_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** The house's own players (under no agent) share one child row of the house's roll-ups. */
export const HOUSE_PLAYERS_CHILD_ID = HOUSE_PLAYERS_ROW_ID;

/**
 * One settled bet's part in a settlement's sharing (docs/decisions/0291): its result before commission
 * (positive when the player won), its matched stake, the player's commission on the market (on one entry
 * per player), and its sign: −1 for the figures of an earlier settlement a re-settlement takes back.
 */
export type ShareEntry = {
  playerId: string;
  placedAt: string;
  resultMinor: bigint;
  turnoverMinor: bigint;
  commissionMinor: bigint;
  sign: 1n | -1n;
};

/** A market's settlement (or re-settlement) to share: its generation, UTC day and bets. */
export type ShareSettlement = { marketId: string; generation: number; day: string; entries: ShareEntry[] };

/** A player's agents, direct first, up to the top level; empty for a player of the house. */
export type Chains = ReadonlyMap<string, readonly string[]>;

/** Each agent's shares in basis points from a moment on (ms), oldest first. */
export type ShareHistory = ReadonlyMap<string, readonly { fromMs: number; shareBp: number }[]>;

/** How a settlement reads the tree: each player's chain and the chain agents' shares, in one read. */
export type AgentChains = {
  chainsAndSharesOf(
    sql: Sql,
    playerIds: readonly string[],
  ): Promise<{ chains: Chains; history: ShareHistory }>;
};

/** The most agents above an agent: the tree is at most six levels deep. */
export const MOST_AGENTS_ABOVE = 5;

export type Figures = {
  turnover: bigint;
  playersPl: bigint;
  ownShare: bigint;
  uplineShare: bigint;
  commission: bigint;
  /**
   * The parts of the agents above the row's agent, nearest first, each with its sign as `ownShare`:
   * what an ancestor viewing this agent's rows takes of them (docs/decisions/0313).
   */
  aboveShares: bigint[];
};

export type SharePlan = {
  /** Each agent's part of the settlement, positive when its players lost: one transfer each. */
  transfers: Map<string, bigint>;
  /** Figures by agent and child (the agent below on the path, or the player when direct). */
  daily: Map<string, Figures & { agentId: string; childId: string }>;
  /** Figures by agent on the market. */
  markets: Map<string, Figures & { agentId: string }>;
};

/**
 * The share in force at `placedAt`: the last set at or before it. A bet older than the agent's first
 * recorded share (placed before its player came under it) takes that first share.
 */
export function shareAt(history: ShareHistory, agentId: string, placedAt: string): number {
  const rows = history.get(agentId) ?? [];
  const placedMs = Date.parse(placedAt);
  let share = rows[0]?.shareBp ?? 0;
  for (const row of rows) if (row.fromMs <= placedMs) share = row.shareBp;
  return share;
}

const zero = (): Figures => ({
  turnover: 0n,
  playersPl: 0n,
  ownShare: 0n,
  uplineShare: 0n,
  commission: 0n,
  aboveShares: Array.from({ length: MOST_AGENTS_ABOVE }, () => 0n),
});

/** A group's sums, each to be added with its sign. */
type Totals = { turnover: bigint; playersPl: bigint; commission: bigint; sign: 1n | -1n };

/** One row's parts: the agent's own, all above it (agents and house), and each agent's above it. */
type Parts = { own: bigint; upline: bigint; above: readonly bigint[] };

function add(target: Figures, totals: Totals, parts: Parts): void {
  target.turnover += totals.sign * totals.turnover;
  target.playersPl += totals.sign * totals.playersPl;
  target.ownShare += totals.sign * parts.own;
  target.uplineShare += totals.sign * parts.upline;
  target.commission += totals.sign * totals.commission;
  parts.above.forEach((part, index) => (target.aboveShares[index]! += totals.sign * part));
}

/**
 * Splits each entry of a player under an agent along its chain at the shares in force when the bet was
 * placed, and sums the parts: per agent for the ledger (the settlement's own entries only; taken-back
 * figures are the earlier transfers' reversals), per agent and child and per agent for the roll-ups,
 * the house's part under HOUSE_AGENT_ID with the top agents as its children, and its own players'
 * whole results (docs/decisions/0301) under one child, HOUSE_PLAYERS_CHILD_ID.
 *
 * Each entry is split on its own (rounding is per bet), but a market's bets repeat few results, so the
 * entries are first counted per player, shares, sign and result: each distinct result is split once and
 * its parts multiplied by its count, and the roll-ups are added to once per group rather than per bet
 * (docs/decisions/0298). The sums are the same as entry by entry.
 */
export function planShares(entries: readonly ShareEntry[], chains: Chains, history: ShareHistory): SharePlan {
  const plan: SharePlan = { transfers: new Map(), daily: new Map(), markets: new Map() };
  for (const group of groupEntries(entries, chains, history)) {
    const { chain, sign } = group;
    const own = chain.map(() => 0n);
    let house = 0n;
    for (const [resultMinor, count] of group.results) {
      const split = splitResult(resultMinor, group.shares);
      split.agents.forEach((part, index) => (own[index]! += part * count));
      house += split.house * count;
    }
    const totals = {
      turnover: group.turnover,
      playersPl: group.playersPl,
      commission: group.commission,
      sign,
    };
    let upline = house;
    for (let index = chain.length - 1; index >= 0; index -= 1) {
      const agentId = chain[index]!;
      const childId = index === 0 ? group.playerId : chain[index - 1]!;
      book(plan, totals, agentId, childId, { own: own[index]!, upline, above: own.slice(index + 1) });
      if (sign === 1n) plan.transfers.set(agentId, (plan.transfers.get(agentId) ?? 0n) + own[index]!);
      upline += own[index]!;
    }
    const houseParts = { own: house, upline: 0n, above: [] };
    book(plan, totals, HOUSE_AGENT_ID, chain[chain.length - 1] ?? HOUSE_PLAYERS_CHILD_ID, houseParts);
  }
  return plan;
}

/** A player's entries of one sign at one set of shares: their sums, and each result with its count. */
type EntryGroup = {
  playerId: string;
  chain: readonly string[];
  shares: number[];
  sign: 1n | -1n;
  turnover: bigint;
  playersPl: bigint;
  commission: bigint;
  results: Map<bigint, bigint>;
};

function groupEntries(entries: readonly ShareEntry[], chains: Chains, history: ShareHistory): EntryGroup[] {
  const groups = new Map<string, EntryGroup>();
  // A chain whose agents never changed share has one set of shares whatever the bet's time.
  const fixedShares = new Map<string, number[] | null>();
  for (const entry of entries) {
    const chain = chains.get(entry.playerId);
    if (!chain) continue;
    let fixed = fixedShares.get(entry.playerId);
    if (fixed === undefined) {
      const unchanged = chain.every((agentId) => (history.get(agentId)?.length ?? 0) <= 1);
      fixed = unchanged ? chain.map((agentId) => shareAt(history, agentId, entry.placedAt)) : null;
      fixedShares.set(entry.playerId, fixed);
    }
    const shares = fixed ?? chain.map((agentId) => shareAt(history, agentId, entry.placedAt));
    const key = `${entry.playerId}|${entry.sign}|${fixed ? '' : shares.join(',')}`;
    let group = groups.get(key);
    if (!group) {
      const sums = { turnover: 0n, playersPl: 0n, commission: 0n, results: new Map<bigint, bigint>() };
      group = { playerId: entry.playerId, chain, shares, sign: entry.sign, ...sums };
      groups.set(key, group);
    }
    group.turnover += entry.turnoverMinor;
    group.playersPl += entry.resultMinor;
    group.commission += entry.commissionMinor;
    group.results.set(entry.resultMinor, (group.results.get(entry.resultMinor) ?? 0n) + 1n);
  }
  return [...groups.values()];
}

function book(plan: SharePlan, totals: Totals, agentId: string, childId: string, parts: Parts): void {
  const dailyKey = `${agentId}|${childId}`;
  const daily = plan.daily.get(dailyKey) ?? { agentId, childId, ...zero() };
  add(daily, totals, parts);
  plan.daily.set(dailyKey, daily);
  const market = plan.markets.get(agentId) ?? { agentId, ...zero() };
  add(market, totals, parts);
  plan.markets.set(agentId, market);
}
