/**
 * Sharing results up the agent chain (docs/decisions/0291, 0297): the plan of each agent's part, the
 * roll-ups and share transfers every product books, and the job that shares finished casino, table and
 * crash rounds.
 */
export {
  HOUSE_AGENT_ID,
  HOUSE_PLAYERS_CHILD_ID,
  planShares,
  shareAt,
  type AgentChains,
  type Chains,
  type Figures,
  type ShareEntry,
  type ShareHistory,
  type SharePlan,
  type ShareSettlement,
} from './plan.ts';
export { addRollups, shareTransfer } from './rollups.ts';
export {
  ROUND_BATCH_LIMIT,
  resultOf,
  shareRoundBatch,
  type ResultRow,
  type RoundBatch,
  type RoundResult,
  type RoundSharesDeps,
  type RoundSource,
} from './round-shares.ts';
export { ROUND_SHARES_LEASE, shareAllRounds, startRoundShares } from './round-shares-worker.ts';
export { shareTables } from './shared-tables.ts';
