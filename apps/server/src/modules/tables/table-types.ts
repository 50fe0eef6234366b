import type { TableBet } from '@backlay/contracts';
import type { MarketDef, PhaseTimings, TableGame } from '@backlay/tables';
import type { GroupCommit } from '../../platform/group-commit.ts';
import type { Result } from '../../platform/rejections.ts';
import type { TablePause } from './admin-pauses.ts';
import type { BetRow } from './bets-repo.ts';
import type { LastResultRow } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';

// The shapes the loop, the bet intake, the batch writer and the publisher share live here, apart from
// any of them, so none imports another only for a type and the table's files stay free of cycles.

export type BetAnswer = { bet: TableBet; replayed: boolean };

/** A bet the unit accepted in memory, waiting for its batch. */
export type PendingBet = { bet: BetRow; market: MarketDef };

/** One table in memory on its owner: the round being played and what the lobby shows of the last ones. */
export type TableUnit = {
  game: TableGame;
  timings: PhaseTimings;
  round: RoundRow | null;
  /** The current round's bets by `${playerId} ${clientRef}`, for replays without a read. */
  refs: Map<string, BetRow>;
  /** Bets accepted and waiting for their batch, by the same key. */
  pendingRefs: Map<string, { bet: BetRow; answer: Promise<Result<BetAnswer>> }>;
  bets: GroupCommit<PendingBet, Result<BetAnswer>>;
  /** Stake matched per market in round `roundId` (the one in play or just finished). */
  volumes: { roundId: number; byMarket: Map<string, bigint> };
  lastResults: LastResultRow[];
  /** Held by trading: no new round opens and no bet is taken (docs/decisions/0244). */
  paused: TablePause | null;
  timer: ReturnType<typeof setTimeout> | null;
};
