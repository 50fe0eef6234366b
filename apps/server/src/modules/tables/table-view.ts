import type {
  RoundResult,
  TableBet,
  TableMarketStatus,
  TableRound,
  TableState,
  TableStream,
  TableSummary,
} from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import { marketLimits, marketOf, type TableGame, type TableOutcome } from '@backlay/tables';
import type { BetRow } from './bets-repo.ts';
import type { LastResultRow } from './rounds-repo.ts';
import { isRevealed, type RoundRow } from './round-row.ts';

const iso = (ms: number) => new Date(ms).toISOString();
export const oddsNumber = (hundredths: number) => hundredths / 100;

/** `paused`: trading holds the table (docs/decisions/0244); players are told so (0254). */
export function tableSummary(game: TableGame, paused = false): TableSummary {
  return {
    id: game.id,
    name: game.name,
    category: game.category,
    minStake: formatMinor(game.minStakeMinor),
    maxStake: formatMinor(game.maxStakeMinor),
    paused,
  };
}

export function resultOf(outcome: TableOutcome): RoundResult {
  return {
    winner: outcome.winner,
    winningMarkets: [...outcome.winningMarkets],
    ...(outcome.number === undefined ? {} : { number: outcome.number }),
    ...(outcome.ball === undefined ? {} : { ball: outcome.ball }),
  };
}

/** Cards from DEALING on; the result only once revealed (RESULT, SETTLED). */
export function roundJson(round: RoundRow): TableRound {
  const dealt = round.outcome !== null && round.status !== 'BETTING' && round.status !== 'CLOSED';
  return {
    id: round.id,
    status: round.status === 'RUNNING' ? 'CLOSED' : round.status,
    openedAt: iso(round.openedAtMs),
    closesAt: iso(round.closesAtMs),
    phaseEndsAt: iso(round.phaseEndsAtMs),
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    cards: dealt ? round.outcome!.hands.map((hand) => ({ hand: hand.name, cards: [...hand.cards] })) : [],
    result: round.outcome && isRevealed(round.status) ? resultOf(round.outcome) : null,
  };
}

/** Every market of a table is open exactly while its round takes bets by the server's clock. */
export function marketStatusOf(round: RoundRow | null, nowMs: number): TableMarketStatus {
  return round?.status === 'BETTING' && nowMs < round.closesAtMs ? 'OPEN' : 'SUSPENDED';
}

/** Stake matched per market id in the round shown; a market nobody bet on has none. */
export type Volumes = ReadonlyMap<string, bigint>;

const volumeOf = (volumes: Volumes, marketId: string) => formatMinor(volumes.get(marketId) ?? 0n);

export function tableState(
  game: TableGame,
  round: RoundRow | null,
  results: readonly LastResultRow[],
  nowMs: number,
  volumes: Volumes,
  paused = false,
): TableState {
  const status = marketStatusOf(round, nowMs);
  return {
    table: tableSummary(game, paused),
    serverTime: iso(nowMs),
    round: round ? roundJson(round) : null,
    markets: game.markets.map((market) => {
      const limits = marketLimits(game, market);
      return {
        id: market.id,
        name: market.name,
        odds: oddsNumber(market.oddsHundredths),
        minStake: formatMinor(limits.minStakeMinor),
        maxStake: formatMinor(limits.maxStakeMinor),
        status,
        volume: volumeOf(volumes, market.id),
      };
    }),
    lastResults: [...results],
  };
}

export function tableStream(
  game: TableGame,
  round: RoundRow | null,
  results: readonly LastResultRow[],
  nowMs: number,
  volumes: Volumes,
  paused = false,
): TableStream {
  return {
    tableId: game.id,
    serverTime: iso(nowMs),
    round: round ? roundJson(round) : null,
    marketStatus: marketStatusOf(round, nowMs),
    volumes: Object.fromEntries(game.markets.map((market) => [market.id, volumeOf(volumes, market.id)])),
    lastResults: [...results],
    paused,
  };
}

export function betJson(bet: BetRow, game: TableGame): TableBet {
  return {
    id: bet.id,
    tableId: bet.tableId,
    roundId: bet.roundId,
    marketId: bet.marketId,
    marketName: marketOf(game, bet.marketId)?.name ?? bet.marketId,
    odds: oddsNumber(bet.oddsHundredths),
    stake: formatMinor(bet.stakeMinor),
    status: bet.status,
    payout: bet.payoutMinor === null ? null : formatMinor(bet.payoutMinor),
    placedAt: iso(bet.placedAtMs),
    settledAt: bet.settledAtMs === null ? null : iso(bet.settledAtMs),
  };
}
