import type {
  LastResult,
  TableMarket,
  TableMarketStatus,
  TableRound,
  TableState,
  TableStream,
  TableSummary,
} from '@backlay/contracts';
import { clockOffsetMs } from './server-clock.ts';

/** What a table page draws: the fetched table with the latest streamed round laid over it. */
export interface LiveTable {
  table: TableSummary;
  round: TableRound | null;
  markets: TableMarket[];
  lastResults: LastResult[];
  /** Server time minus local time, from the message the round came with. */
  offsetMs: number;
  /** Held by the operator (docs/decisions/0254): no bets until it reopens. */
  paused: boolean;
}

export interface Received<T> {
  message: T;
  receivedAtMs: number;
}

/**
 * The fetched state and the latest stream message, whichever the server sent later. The stream's
 * market status applies to every market (it does not repeat them), and its volumes replace theirs.
 */
export function currentTable(
  fetched: Received<TableState>,
  streamed: Received<TableStream> | null,
): LiveTable {
  const base = fetched.message;
  const newer =
    streamed !== null &&
    streamed.message.tableId === base.table.id &&
    Date.parse(streamed.message.serverTime) >= Date.parse(base.serverTime);
  if (!newer) {
    return {
      table: base.table,
      round: base.round,
      markets: base.markets,
      lastResults: base.lastResults,
      offsetMs: clockOffsetMs(base.serverTime, fetched.receivedAtMs),
      paused: base.table.paused === true,
    };
  }
  const { message, receivedAtMs } = streamed;
  return {
    table: base.table,
    round: message.round,
    markets: withStream(base.markets, message.marketStatus, message.volumes),
    lastResults: message.lastResults,
    offsetMs: clockOffsetMs(message.serverTime, receivedAtMs),
    // A stream message from a server that does not say leaves the fetched state's word.
    paused: message.paused ?? base.table.paused === true,
  };
}

function withStream(
  markets: TableMarket[],
  status: TableMarketStatus,
  volumes: Readonly<Record<string, string>>,
): TableMarket[] {
  const volumeOf = (market: TableMarket) => volumes[market.id] ?? market.volume;
  return markets.every((market) => market.status === status && market.volume === volumeOf(market))
    ? markets
    : markets.map((market) => ({ ...market, status, volume: volumeOf(market) }));
}

/** Bets are taken only while the table is not paused, the round is BETTING and the markets are open. */
export function isBettingOpen(live: LiveTable, nowMs: number): boolean {
  if (live.paused) return false;
  const round = live.round;
  if (!round || round.status !== 'BETTING') return false;
  return Date.parse(round.closesAt) > nowMs + live.offsetMs;
}

const STATUS_TEXT: Record<TableRound['status'], string> = {
  BETTING: 'Place your bets',
  CLOSED: 'No more bets',
  DEALING: 'Dealing',
  RESULT: 'Result',
  SETTLED: 'Bets settled',
  VOID: 'Round void: bets refunded',
};

export function roundStatusText(round: TableRound | null): string {
  return round ? STATUS_TEXT[round.status] : 'Waiting for the first round';
}
