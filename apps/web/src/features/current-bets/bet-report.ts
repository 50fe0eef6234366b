import { formatMinor, parseAmountMinor } from '@backlay/ledger';
import type { Bet, CasinoBet } from '@backlay/contracts';

/**
 * Current Bet's rows (docs/decisions/0164): the player's open exchange bets, filtered by side and
 * search and paged here (the list is short: only unsettled bets), or a server page of casino bets.
 */

export const BET_SIDES = ['All', 'Back', 'Lay'] as const;
export type SideFilter = (typeof BET_SIDES)[number];

export interface ReportRow {
  id: string;
  eventName: string;
  /** The selection: team, player or outcome (the spec's "Nation"). */
  nation: string;
  /** The odds the player asked for; the average matched odds once something matched. */
  userRate: string;
  amount: string;
  placeDate: string;
  side: 'BACK' | 'LAY' | null;
}

const OPEN = new Set<Bet['status']>(['MATCHED', 'UNMATCHED', 'PARTIALLY_MATCHED']);

/** A bet on a market not yet settled, with money matched or waiting. */
export const isOpenBet = (bet: Pick<Bet, 'status'>): boolean => OPEN.has(bet.status);

/** Folds a bet from the bet stream into the open list: replaced, added first, or dropped once closed. */
export function applyBet(list: readonly Bet[] | undefined, bet: Bet): Bet[] {
  const current = list ?? [];
  const index = current.findIndex((existing) => existing.id === bet.id);
  if (!isOpenBet(bet)) return current.filter((existing) => existing.id !== bet.id);
  if (index === -1) return [bet, ...current];
  return current.map((existing) => (existing.id === bet.id ? bet : existing));
}

export function sportsRow(bet: Bet): ReportRow {
  const runner = bet.runnerName ?? bet.runnerId;
  return {
    id: bet.id,
    // Market ids are `<event id>.<kind>`, or `<event id>/<kind>` for older markets.
    eventName: bet.eventName ?? bet.marketId.split(/[./]/)[0] ?? bet.marketId,
    nation: bet.marketName ? `${runner} (${bet.marketName})` : runner,
    userRate: String(bet.avgPrice ?? bet.price),
    amount: bet.stake,
    placeDate: bet.placedAt,
    side: bet.side,
  };
}

export function casinoRow(bet: CasinoBet): ReportRow {
  return {
    id: bet.id,
    eventName: bet.gameName,
    nation: `Round ${bet.roundId}`,
    userRate: '—',
    amount: bet.stake,
    placeDate: bet.placedAt,
    side: null,
  };
}

export function filterRows(rows: readonly ReportRow[], side: SideFilter, search: string): ReportRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter((row) => {
    if (side === 'Back' && row.side !== 'BACK') return false;
    if (side === 'Lay' && row.side !== 'LAY') return false;
    return needle === '' || `${row.eventName} ${row.nation}`.toLowerCase().includes(needle);
  });
}

export function pageRows<T>(
  rows: readonly T[],
  page: number,
  pageSize: number,
): { rows: T[]; pageCount: number } {
  const pageCount = Math.ceil(rows.length / pageSize);
  const current = Math.min(Math.max(page, 1), Math.max(pageCount, 1));
  return { rows: rows.slice((current - 1) * pageSize, current * pageSize), pageCount };
}

const NO_LIMIT = 10n ** 30n;

/** Total Amount: the stakes summed in minor units (never floats). */
export function totalAmount(rows: readonly ReportRow[]): string {
  let sum = 0n;
  for (const row of rows) {
    const parsed = parseAmountMinor(row.amount, { maxMinor: NO_LIMIT });
    if (parsed.ok) sum += parsed.amountMinor;
  }
  return formatMinor(sum);
}
