import type { CrashBet, CrashPublicBet, CrashRound, CrashStatus, CrashStream } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import { CRASH_GROWTH_PER_MS } from '@backlay/tables';
import type { LoadedChain } from './crash-chain.ts';
import type { CrashBetRow } from './crash-repo.ts';
import type { RoundRow } from './round-row.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export type CrashStats = { bets: number; totalStakeMinor: bigint };

export function crashStatusOf(round: RoundRow): CrashStatus {
  if (round.status === 'SETTLED') return 'CRASHED';
  if (round.status === 'VOID') return 'VOID';
  return round.status === 'RUNNING' ? 'RUNNING' : 'BETTING';
}

/** The round as players see it; the crash point and the round hash only once it has crashed. */
export function crashRoundJson(
  round: RoundRow,
  crashHundredths: number,
  chain: Pick<LoadedChain, 'salt' | 'commitment'>,
): CrashRound {
  const status = crashStatusOf(round);
  const over = status === 'CRASHED' || status === 'VOID';
  return {
    id: round.id,
    status,
    openedAt: iso(round.openedAtMs),
    closesAt: iso(round.closesAtMs),
    startedAt: iso(round.closesAtMs),
    growthPerMs: CRASH_GROWTH_PER_MS,
    crashPoint: status === 'CRASHED' ? crashHundredths / 100 : null,
    crashedAt: status === 'CRASHED' && round.settledAtMs !== null ? iso(round.settledAtMs) : null,
    serverSeedHash: round.serverSeedHash,
    roundHash: over ? round.serverSeed : null,
    salt: chain.salt,
    chainCommitment: chain.commitment,
    chainIndex: round.nonce,
  };
}

export function crashBetJson(bet: CrashBetRow): CrashBet {
  return {
    id: bet.id,
    roundId: bet.roundId,
    stake: formatMinor(bet.stakeMinor),
    autoCashOut: bet.autoHundredths === null ? null : bet.autoHundredths / 100,
    cashedOutAt: bet.cashedOutHundredths === null ? null : bet.cashedOutHundredths / 100,
    status: bet.status,
    payout: bet.payoutMinor === null ? null : formatMinor(bet.payoutMinor),
    placedAt: iso(bet.placedAtMs),
  };
}

/** Other players are shown by a short mask of their id, never the id itself. */
export const maskedPlayer = (playerId: string) => `Player ${playerId.replace(/-/g, '').slice(0, 4)}`;

export function publicBet(bet: CrashBetRow): CrashPublicBet {
  return {
    player: maskedPlayer(bet.playerId),
    stake: formatMinor(bet.stakeMinor),
    cashedOutAt: bet.cashedOutHundredths === null ? null : bet.cashedOutHundredths / 100,
    payout: bet.payoutMinor === null ? null : formatMinor(bet.payoutMinor),
  };
}

export function statsOf(bets: Iterable<CrashBetRow>): CrashStats {
  let count = 0;
  let totalStakeMinor = 0n;
  for (const bet of bets) {
    count += 1;
    totalStakeMinor += bet.stakeMinor;
  }
  return { bets: count, totalStakeMinor };
}

/** The latest cash-outs of a round, newest first (the stream shows 20). */
export function recentCashOuts(bets: Iterable<CrashBetRow>, limit = 20): CrashPublicBet[] {
  return [...bets]
    .filter((bet) => bet.cashedOutAtMs !== null)
    .sort((a, b) => b.cashedOutAtMs! - a.cashedOutAtMs! || (a.id < b.id ? -1 : 1))
    .slice(0, limit)
    .map(publicBet);
}

export function crashStream(input: {
  round: CrashRound | null;
  lastCrashes: { roundId: number; crashPoint: number }[];
  bets: Iterable<CrashBetRow>;
  nowMs: number;
  /** Held by trading (docs/decisions/0244); players are told so (0254). */
  paused: boolean;
}): CrashStream {
  const bets = [...input.bets];
  const stats = statsOf(bets);
  return {
    serverTime: iso(input.nowMs),
    round: input.round,
    lastCrashes: input.lastCrashes,
    stats: { bets: stats.bets, totalStake: formatMinor(stats.totalStakeMinor) },
    recentCashOuts: recentCashOuts(bets),
    paused: input.paused,
  };
}
