import { splitResult } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/** The house's rows of the roll-ups carry the nil uuid as their agent. */
export const HOUSE_AGENT_ID = '00000000-0000-0000-0000-000000000000';

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

/** A player's agents, direct first, up to the top level. */
export type Chains = ReadonlyMap<string, readonly string[]>;

/** Each agent's shares in basis points from a moment on (ms), oldest first. */
export type ShareHistory = ReadonlyMap<string, readonly { fromMs: number; shareBp: number }[]>;

/** How a settlement reads the tree: chains by player, shares by agent (the agents module answers). */
export type AgentChains = {
  chainsOf(sql: Sql, playerIds: readonly string[]): Promise<Chains>;
  shareHistoryOf(sql: Sql, agentIds: readonly string[]): Promise<ShareHistory>;
};

export type Figures = {
  turnover: bigint;
  playersPl: bigint;
  ownShare: bigint;
  uplineShare: bigint;
  commission: bigint;
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

const zero = (): Figures => ({ turnover: 0n, playersPl: 0n, ownShare: 0n, uplineShare: 0n, commission: 0n });

function add(target: Figures, entry: ShareEntry, ownShare: bigint, uplineShare: bigint): void {
  target.turnover += entry.sign * entry.turnoverMinor;
  target.playersPl += entry.sign * entry.resultMinor;
  target.ownShare += entry.sign * ownShare;
  target.uplineShare += entry.sign * uplineShare;
  target.commission += entry.sign * entry.commissionMinor;
}

/**
 * Splits each entry of a player under an agent along its chain at the shares in force when the bet was
 * placed, and sums the parts: per agent for the ledger (the settlement's own entries only; taken-back
 * figures are the earlier transfers' reversals), per agent and child and per agent for the roll-ups,
 * the house's part under HOUSE_AGENT_ID with the top agents as its children.
 */
export function planShares(entries: readonly ShareEntry[], chains: Chains, history: ShareHistory): SharePlan {
  const plan: SharePlan = { transfers: new Map(), daily: new Map(), markets: new Map() };
  for (const entry of entries) {
    const chain = chains.get(entry.playerId);
    if (!chain || chain.length === 0) continue;
    const split = splitResult(
      entry.resultMinor,
      chain.map((agentId) => shareAt(history, agentId, entry.placedAt)),
    );
    let upline = split.house;
    for (let index = chain.length - 1; index >= 0; index -= 1) {
      const agentId = chain[index]!;
      const own = split.agents[index]!;
      const childId = index === 0 ? entry.playerId : chain[index - 1]!;
      book(plan, entry, agentId, childId, own, upline);
      if (entry.sign === 1n) plan.transfers.set(agentId, (plan.transfers.get(agentId) ?? 0n) + own);
      upline += own;
    }
    book(plan, entry, HOUSE_AGENT_ID, chain[chain.length - 1]!, split.house, 0n);
  }
  return plan;
}

function book(
  plan: SharePlan,
  entry: ShareEntry,
  agentId: string,
  childId: string,
  own: bigint,
  upline: bigint,
): void {
  const dailyKey = `${agentId}|${childId}`;
  const daily = plan.daily.get(dailyKey) ?? { agentId, childId, ...zero() };
  add(daily, entry, own, upline);
  plan.daily.set(dailyKey, daily);
  const market = plan.markets.get(agentId) ?? { agentId, ...zero() };
  add(market, entry, own, upline);
  plan.markets.set(agentId, market);
}
